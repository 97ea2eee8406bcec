import {
  defaultShopSettings,
  publicPartOf,
  publicShopSettingsResponse,
} from '@shop/contracts/shop-settings';
import type { Route } from './+types/contact';
import { ContactPage } from '../components/content/contact-page';
import { pageMeta } from '../components/content/page-meta';
import { contactDetailsOf } from '../components/content/shop-details';
import { serverApi } from '../lib/api-client';

export function meta() {
  return pageMeta(
    'Contact Us',
    'Get in touch with Lacebloom: email care@lacebloom.in or call us Mon-Sat 10 AM-7 PM for help with sizing, orders and exchanges.',
  );
}

/** The owner's contact settings; the shop's first settings when they cannot be read. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const answer = await serverApi(context).call(
      '/settings/public',
      'Failed to fetch the contact details',
      {},
      publicShopSettingsResponse,
    );
    return { contact: contactDetailsOf(answer.data) };
  } catch {
    return { contact: contactDetailsOf(publicPartOf(defaultShopSettings)) };
  }
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactPage contact={loaderData.contact} />;
}
