import { useRouteLoaderData } from 'react-router';
import type { PublicShopSettings } from '@shop/contracts/shop-settings';
import type { loader as rootLoader } from '../root';

/** The shop's public settings the root loader read for this page; null when they were unreadable. */
export function useShopSettings(): PublicShopSettings | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.shop ?? null;
}

/** A stored 10-digit Indian number as shoppers read it: '+91 80471 96620'. */
export function phoneDisplay(digits: string): string {
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/** The same number as a `tel:` link. */
export const phoneHref = (digits: string) => `tel:+91${digits}`;

/** The registered address on one line, with its state when the address does not name it. */
export function registeredAddress(settings: Pick<PublicShopSettings, 'address' | 'state'>): string {
  const address = settings.address.replace(/\s*\n\s*/g, ', ').trim();
  return address.toLowerCase().includes(settings.state.toLowerCase())
    ? address
    : `${address}, ${settings.state}`;
}
