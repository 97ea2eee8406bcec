import type { Route } from './+types/faq';
import { FaqBrowser } from '../components/content/faq-browser';
import { PageHero } from '../components/content/page-hero';
import { pageMeta } from '../components/content/page-meta';
import { loadFaqPage } from '../components/content/shop-page.server';

export function meta() {
  return pageMeta(
    'FAQ',
    'Answers about bra sizing and fit, fabrics and care, orders and delivery, exchanges and refunds, and your Lacebloom account.',
  );
}

/** The owner's questions and answers, with the shop's details from the settings. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadFaqPage(context);
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { groups, updated } = loaderData;
  return (
    <>
      <PageHero eyebrow="Help centre" title="Frequently Asked Questions">
        <p>Everything you need to know about sizing, orders, exchanges and your account.</p>
        <p className="mt-2 text-sm">
          Last updated: <time dateTime={updated.iso}>{updated.label}</time>
        </p>
      </PageHero>
      <FaqBrowser groups={groups} />
    </>
  );
}
