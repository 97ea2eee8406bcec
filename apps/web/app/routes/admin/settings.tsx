import { SettingsPage } from '../../components/admin/settings/settings-page';
import { OwnerOnly } from '../../components/admin/shell/owner-only';

export function meta() {
  return [
    { title: 'Shop settings | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function AdminSettings() {
  return (
    <OwnerOnly>
      <SettingsPage />
    </OwnerOnly>
  );
}
