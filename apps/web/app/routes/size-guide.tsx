import { PageHero } from '../components/content/page-hero';
import { pageMeta } from '../components/content/page-meta';
import { SizeGuide } from '../components/fit/size-guide';

export function meta() {
  return pageMeta(
    'Size Guide',
    'Find your bra size in six taps: measure with a tape in inches or cm, or start from the bra you wear now and how it fits.',
  );
}

/** /size-guide: how to measure, and the finder on the shop's default chart. */
export default function SizeGuidePage() {
  return (
    <>
      <PageHero eyebrow="Fit" title="Size Guide">
        <p>
          Four in five of us wear the wrong size. Find yours in a minute, with or without a tape.
        </p>
      </PageHero>
      <SizeGuide />
    </>
  );
}
