import { ListHydrateFallback } from '../../components/admin/list-page/list-page';
import { SettingsPage, settingsLoader } from '../../components/admin/settings/settings-page';
import { OwnerOnly } from '../../components/admin/shell/owner-only';

export function meta() {
  return [
    { title: 'Shop settings | Back office | Lacebloom' },
    { name: 'robots', content: 'noindex' },
  ];
}

// The settings load in the browser (the session lives there), as lists do.
export const clientLoader = Object.assign(settingsLoader, { hydrate: true as const });
export const HydrateFallback = ListHydrateFallback;

export default function AdminSettings() {
  return (
    <OwnerOnly>
      <SettingsPage />
    </OwnerOnly>
  );
}
