import { ProfilePage } from '../components/account/profile-page';

export function meta() {
  return [{ title: 'My Account | Lacebloom' }, { name: 'robots', content: 'noindex' }];
}

export default function ProfileRoute() {
  return <ProfilePage />;
}
