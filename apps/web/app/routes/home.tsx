import type { Route } from './+types/home';
import { serverApi } from '../lib/api-client';
import { ProductCard } from '../components/product-card';

export function meta() {
  return [{ title: 'Lacebloom | Lingerie, Sleepwear & Essentials' }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { products: (await serverApi(context).listProducts({ page: 1, limit: 10 })).products };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="font-serif text-3xl">Home</h1>
      <div className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {loaderData.products.map((product, index) => (
          <ProductCard key={product._id} product={product} priority={index < 4} />
        ))}
      </div>
    </section>
  );
}
