import { AuditPage } from '../../components/admin/audit/audit-page';

export function meta() {
  return [{ title: 'Audit log | Back office | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminAudit() {
  return <AuditPage />;
}
