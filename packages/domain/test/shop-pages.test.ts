import { describe, expect, it } from 'vitest';
import {
  anchorFor,
  fillShopDetails,
  lastUpdatedIso,
  lastUpdatedLabel,
  pageKindOf,
  paragraphsOf,
  repeatedAnchor,
  unknownTokens,
  type ShopDetailValues,
} from '../src/shop-pages.ts';

const details: ShopDetailValues = {
  supportEmail: 'help@lacebloom.in',
  supportPhone: '9845012345',
  businessHours: 'Mon-Fri 9 AM-6 PM',
  legalName: 'Lacebloom Retail Pvt. Ltd.',
  address: '14 Wood Street, Bengaluru 560025, Karnataka',
  grievanceOfficer: 'A <B> & C',
  grievanceEmail: 'officer@lacebloom.in',
};

describe('shop details in page texts', () => {
  it('fills HTML with escaped values, email and phone as links', () => {
    expect(
      fillShopDetails(
        '<p>Mail {{support-email}} or call {{ support-phone }}, {{business-hours}}. {{grievance-officer}}</p>',
        details,
        'html',
      ),
    ).toBe(
      '<p>Mail <a href="mailto:help@lacebloom.in">help@lacebloom.in</a> or call ' +
        '<a href="tel:+919845012345">+91 98450 12345</a>, Mon-Fri 9 AM-6 PM. A &lt;B&gt; &amp; C</p>',
    );
  });

  it('fills plain text with the values as they are, and leaves unknown tokens visible', () => {
    expect(fillShopDetails('Write to {{support-email}} ({{shop-owner}})', details, 'text')).toBe(
      'Write to help@lacebloom.in ({{shop-owner}})',
    );
    expect(unknownTokens('{{support-email}} {{shop-owner}} {{address}}')).toEqual(['shop-owner']);
  });
});

describe('page structure', () => {
  it('knows the FAQ from the policies', () => {
    expect(pageKindOf('faq')).toBe('faq');
    expect(pageKindOf('shipping-policy')).toBe('policy');
  });

  it('splits an answer into paragraphs at blank lines', () => {
    expect(paragraphsOf('One\nstill one\n\n  Two  \r\n\r\nThree\n\n\n')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
  });

  it('makes a new anchor from a title, never one already taken', () => {
    expect(anchorFor('Returns & Refunds!', [])).toBe('returns-refunds');
    expect(anchorFor('Returns & Refunds', ['returns-refunds', 'returns-refunds-2'])).toBe(
      'returns-refunds-3',
    );
    expect(anchorFor('***', [])).toBe('section');
    expect(repeatedAnchor(['a', 'b', 'a'])).toBe('a');
    expect(repeatedAnchor(['a', 'b'])).toBeUndefined();
  });

  it("dates a save on India's calendar", () => {
    // 20:00 UTC on the 25th is 01:30 on the 26th in Bengaluru.
    expect(lastUpdatedLabel('2026-11-25T20:00:00Z')).toBe('November 26, 2026');
    expect(lastUpdatedIso('2026-11-25T20:00:00Z')).toBe('2026-11-26');
    expect(lastUpdatedLabel('2025-10-08T00:00:00+05:30')).toBe('October 8, 2025');
  });
});
