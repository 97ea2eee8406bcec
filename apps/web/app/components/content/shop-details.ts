import type { PublicShopSettings } from '@shop/contracts/shop-settings';

/**
 * How to reach the shop, in one place for the contact page and the policy texts. Hours and the
 * email reply time are the brief's (section 9).
 */
export const shopDetails = {
  email: 'care@lacebloom.in',
  phoneDisplay: '+91 80 4719 6620',
  phoneHref: 'tel:+918047196620',
  addressLines: [
    'Lacebloom Retail Pvt. Ltd.',
    '2nd Floor, 14 Wood Street, Ashok Nagar',
    'Bengaluru, Karnataka 560025',
  ],
  hours: 'Mon-Sat 10 AM-7 PM',
  closed: 'Sunday closed',
  emailResponse: 'We reply within 24 hours',
} as const;

/** Placeholder profiles until the brand's accounts are live. */
export const socialProfiles = [
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Pinterest', href: 'https://www.pinterest.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

/** How the contact page reaches the shop: from the owner's settings, or the fixed copy above. */
export interface ContactDetails {
  email: string;
  phoneDisplay: string;
  phoneHref: string;
  whatsapp: string;
  addressLines: string[];
  /** 'Mon-Sat 10 AM-7 PM', 'Sunday closed': the business hours, a part a line. */
  hoursLines: string[];
}

/** The shop's settings as the contact page shows them; without them, the fixed copy. */
export function contactDetailsOf(settings: PublicShopSettings | null): ContactDetails {
  if (!settings) {
    return {
      email: shopDetails.email,
      phoneDisplay: shopDetails.phoneDisplay,
      phoneHref: shopDetails.phoneHref,
      whatsapp: '',
      addressLines: [...shopDetails.addressLines],
      hoursLines: [shopDetails.hours, shopDetails.closed],
    };
  }
  const phone = settings.support.phone;
  return {
    email: settings.support.email,
    phoneDisplay: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
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
