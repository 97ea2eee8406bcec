import { pageMeta } from '../components/content/page-meta';
import { PageHero } from '../components/content/page-hero';
import { GrievanceForm } from '../components/legal/grievance-form';
import { useShopSettings } from '../lib/shop-legal';

export function meta() {
  return pageMeta(
    'File a Grievance',
    'Raise a grievance with Lacebloom: you get a ticket number at once, an acknowledgement within 48 hours and a resolution within one month.',
  );
}

export default function Grievance() {
  const officer = useShopSettings()?.grievanceOfficer;
  return (
    <>
      <PageHero eyebrow="Customer care" title="File a Grievance">
        <p>
          You get a ticket number at once. We acknowledge every grievance within 48 hours and
          resolve it within one month.
          {officer ? ` Your Grievance Officer is ${officer.name}, ${officer.designation}.` : ''}
        </p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-10 md:py-14">
        <GrievanceForm />
      </div>
    </>
  );
}
