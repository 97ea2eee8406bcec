import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import { AboutPage } from '../components/content/about-page';
import { pageMeta } from '../components/content/page-meta';

export function meta() {
  return pageMeta(
    'About Us',
    'Lacebloom makes lingerie, sleepwear and essentials for Indian women, in sizes that fit. Our story, our philosophy and how we help you find your fit.',
  );
}

export default function About() {
  const hours = useRouteLoaderData<typeof rootLoader>('root')?.contact.businessHours;
  return <AboutPage businessHours={hours} />;
}
