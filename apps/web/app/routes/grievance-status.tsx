import { pageMeta } from '../components/content/page-meta';
import { PageHero } from '../components/content/page-hero';
import { GrievanceStatus } from '../components/legal/grievance-status';

export function meta() {
  return pageMeta(
    'Grievance Status',
    'See where your Lacebloom grievance stands with its ticket number and your email.',
    { noIndex: true },
  );
}

export default function GrievanceStatusRoute() {
  return (
    <>
      <PageHero eyebrow="Customer care" title="Grievance Status" />
      <div className="mx-auto max-w-3xl px-4 py-10 md:py-14">
        <GrievanceStatus />
      </div>
    </>
  );
}
