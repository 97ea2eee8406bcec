import { pageMeta } from '../components/content/page-meta';
import { LegalPage } from '../components/legal/legal-page';
import { useShopSettings } from '../lib/shop-legal';

export function meta() {
  return pageMeta(
    'Legal Information',
    "Lacebloom's seller details: legal name, registered office, GSTIN, customer care and the Grievance Officer, with how grievances are handled.",
  );
}

/** The details come with the page from the root loader (the footer shows them too). */
export default function Legal() {
  return <LegalPage settings={useShopSettings()} />;
}
