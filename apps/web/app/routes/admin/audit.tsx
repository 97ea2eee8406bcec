import { AuditPage, auditLoader } from '../../components/admin/audit/audit-page';
import { ListHydrateFallback } from '../../components/admin/list-page/list-page';

export function meta() {
  return [{ title: 'Audit log | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = Object.assign(auditLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminAudit() {
  return <AuditPage />;
}
