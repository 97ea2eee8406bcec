import { useSearchParams } from 'react-router';
import type { Route } from './+types/home';
import { serverApi } from '../lib/api-client';
import { BannerSection } from '../components/home/banner-slider';
import { BraMosaic } from '../components/home/bra-mosaic';
import { CategoryCarousel } from '../components/home/category-carousel';
import { FeaturedCarousel } from '../components/home/featured-carousel';
import { FeaturedProduct } from '../components/home/featured-product';
import { Hero } from '../components/home/hero';
import { loadHomeData } from '../components/home/home-data';
import { Testimonials } from '../components/home/testimonials';
import { testimonials } from '../components/home/testimonials-data.server';

export function meta() {
  return [
    { title: 'Lacebloom | Lingerie, Sleepwear & Everyday Essentials' },
    {
      name: 'description',
      content:
        'Shop bras, panties, sleepwear, loungewear and beauty at Lacebloom: soft, breathable pieces in sizes made for India, with free shipping and easy 3-day exchanges.',
    },
  ];
}

/** Banners, the featured product, categories and the mosaic's bras, fetched in parallel (a failed call becomes its section's message), and the testimonials. */
export async function loader({ context }: Route.LoaderArgs) {
  return { ...(await loadHomeData(serverApi(context))), testimonials };
}

/** Where the Google callback sends a shopper whose sign-in failed: say so, plainly. */
function AuthErrorNotice() {
  const [params] = useSearchParams();
  if (params.get('authError') !== 'google-auth-failed') return null;
  return (
    <p role="alert" className="bg-red-50 px-4 py-3 text-center text-sm font-medium text-red-800">
      Google sign-in failed. Please try again, or sign in with your email and password.
    </p>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AuthErrorNotice />
      <BannerSection desktop={loaderData.banners} mobile={loaderData.mobileBanners} />
      <Hero />
      <CategoryCarousel state={loaderData.categories} />
      <BraMosaic images={loaderData.mosaic} />
      <FeaturedProduct state={loaderData.featured} />
      <FeaturedCarousel />
      <Testimonials testimonials={loaderData.testimonials} />
    </>
  );
}
