import type { Blog } from '@shop/contracts/content';
import type { Route } from './+types/blogs';
import { BlogList } from '../components/content/blog-list';
import { PageHero } from '../components/content/page-hero';
import { pageMeta } from '../components/content/page-meta';
import { errorMessage, serverApi } from '../lib/api-client';

export function meta() {
  return pageMeta(
    'Journal',
    'Fit guides, fabric notes and lingerie care tips from the Lacebloom team.',
  );
}

/** A failed load is shown on the page (with a retry in the browser), not as an error page. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { blogs: await serverApi(context).listBlogs(), loadError: null };
  } catch (error) {
    return { blogs: [] as Blog[], loadError: errorMessage(error, 'Failed to fetch blogs') };
  }
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="The Lacebloom Journal" title="Fit notes, fabric stories & care tips">
        <p>Guides from our fit specialists to help you choose, wear and care for your lingerie.</p>
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-10 md:py-14">
        <BlogList blogs={loaderData.blogs} loadError={loaderData.loadError} />
      </div>
    </>
  );
}
