import { describe, expect, it } from 'vitest';
import { defaultShopSettings, publicPartOf } from '@shop/contracts/shop-settings';
import { contactDetailsOf } from '../../../app/components/content/shop-details';

describe('contactDetailsOf', () => {
  it("shows the owner's settings: phone with +91, address in lines, hours a part a line", () => {
    const settings = publicPartOf({
      ...defaultShopSettings,
      support: { email: 'help@lacebloom.in', phone: '9845012345', whatsapp: '9845012345' },
      businessHours: 'Mon-Fri 9 AM-6 PM, Sat 10 AM-2 PM, Sunday closed',
    });
    expect(contactDetailsOf(settings)).toEqual({
      email: 'help@lacebloom.in',
      phoneDisplay: '+91 98450 12345',
      phoneHref: 'tel:+919845012345',
      whatsapp: '9845012345',
      addressLines: [
        'Lacebloom Retail Pvt. Ltd.',
        '2nd Floor, 14 Wood Street, Ashok Nagar',
        'Bengaluru 560025',
        'Karnataka',
      ],
      hoursLines: ['Mon-Fri 9 AM-6 PM', 'Sat 10 AM-2 PM', 'Sunday closed'],
    });
  });

  it("reads the shop's first settings the way the published page did", () => {
    const first = contactDetailsOf(publicPartOf(defaultShopSettings));
    expect(first.email).toBe('care@lacebloom.in');
    expect(first.phoneDisplay).toBe('+91 80471 96620');
    expect(first.hoursLines).toEqual(['Mon-Sat 10 AM-7 PM', 'Sunday closed']);
  });
});
