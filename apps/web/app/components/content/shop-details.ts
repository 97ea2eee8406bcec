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
