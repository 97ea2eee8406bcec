import { FaqBrowser } from '../components/content/faq-browser';
import { faqGroups } from '../components/content/faq-data';
import { PageHero } from '../components/content/page-hero';
import { pageMeta } from '../components/content/page-meta';

export function meta() {
  return pageMeta(
    'FAQ',
    'Answers about bra sizing and fit, fabrics and care, orders and delivery, exchanges and refunds, and your Lacebloom account.',
  );
}

export default function Faq() {
  return (
    <>
      <PageHero eyebrow="Help centre" title="Frequently Asked Questions">
        <p>Everything you need to know about sizing, orders, exchanges and your account.</p>
      </PageHero>
      <FaqBrowser groups={faqGroups} />
    </>
  );
}
