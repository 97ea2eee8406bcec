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

/** Banners, the featured product, categories and the mosaic's bras, fetched in parallel; a failed call becomes its section's message. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadHomeData(serverApi(context));
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <BannerSection desktop={loaderData.banners} mobile={loaderData.mobileBanners} />
      <Hero />
      <CategoryCarousel state={loaderData.categories} />
      <BraMosaic images={loaderData.mosaic} />
      <FeaturedProduct state={loaderData.featured} />
      <FeaturedCarousel />
      <Testimonials />
    </>
  );
}
