import type { PublicShopSettings } from '@shop/contracts/shop-settings';
import { phoneForDisplay } from '@shop/domain/shop-pages';

/** How soon the care team answers an email (a fixed promise of the shop, not a setting). */
export const EMAIL_RESPONSE = 'We reply within 24 hours';

/** Placeholder profiles until the brand's accounts are live. */
export const socialProfiles = [
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Pinterest', href: 'https://www.pinterest.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

/** How the contact page reaches the shop: from the owner's settings. */
export interface ContactDetails {
  email: string;
  phoneDisplay: string;
  phoneHref: string;
  whatsapp: string;
  addressLines: string[];
  /** 'Mon-Sat 10 AM-7 PM', 'Sunday closed': the business hours, a part a line. */
  hoursLines: string[];
}

/** The shop's settings as the contact page shows them. */
export function contactDetailsOf(settings: PublicShopSettings): ContactDetails {
  const phone = settings.support.phone;
  return {
    email: settings.support.email,
    phoneDisplay: phoneForDisplay(phone),
    phoneHref: `tel:+91${phone}`,
    whatsapp: settings.support.whatsapp,
    addressLines: [
      settings.legalName,
      ...settings.address.split(/\n|,\s*(?=[^,]*$)/).map((line) => line.trim()),
      settings.state,
    ].filter(Boolean),
    hoursLines: settings.businessHours.split(/,\s*/).filter(Boolean),
  };
}
