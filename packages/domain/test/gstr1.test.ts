import { describe, expect, it } from 'vitest';
import { creditNoteFigures, gstInvoiceFigures, type GstLineInput } from '../src/gst.ts';
import {
  gstr1Date,
  gstr1Of,
  indianMonthRange,
  isB2cLarge,
  type Gstr1Document,
} from '../src/gstr1.ts';

const bra: GstLineInput = {
  ref: 'bra',
  description: 'Bra',
  hsn: '6212',
  quantity: 1,
  unitPricePaise: 100_000,
};
const mist: GstLineInput = {
  ref: 'mist',
  description: 'Mist',
  hsn: '3303',
  quantity: 1,
  unitPricePaise: 50_000,
};

const figures = (lines: GstLineInput[], placeOfSupplyCode: string, shippingPaise = 0) =>
  gstInvoiceFigures({
    lines,
    discountPaise: 0,
    shippingPaise,
    totalPaise:
      lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0) + shippingPaise,
    day: '2026-11-05',
    shopStateCode: '29',
    placeOfSupplyCode,
  });

const karnataka = { code: '29', state: 'Karnataka' };
const maharashtra = { code: '27', state: 'Maharashtra' };

describe('GSTR-1', () => {
  it('calls an inter-state invoice above ₹1,00,000 B2C large, and no other', () => {
    const big = { ...bra, quantity: 40, unitPricePaise: 262_500 };
    expect(isB2cLarge(figures([big], '27'))).toBe(true);
    expect(isB2cLarge(figures([big], '29'))).toBe(false);
    expect(isB2cLarge(figures([{ ...bra, unitPricePaise: 1_00_000_00 }], '27'))).toBe(false);
    expect(isB2cLarge(figures([{ ...bra, unitPricePaise: 1_00_000_01 }], '27'))).toBe(true);
  });

  it('sums small sales by place of supply and rate, nets credit notes off, and sums HSN codes', () => {
    const first = figures([bra, mist], '29', 10_000);
    const second = figures([bra], '27');
    const credit = creditNoteFigures({
      invoice: first,
      amountPaise: 50_000,
      lines: [{ ref: 'mist', quantity: 1, amountPaise: 50_000 }],
    });
    const documents: Gstr1Document[] = [
      {
        kind: 'invoice',
        number: 'LB/26-27/000001',
        issuedAt: '2026-11-05T06:00:00Z',
        placeOfSupply: karnataka,
        figures: first,
      },
      {
        kind: 'invoice',
        number: 'LB/26-27/000002',
        issuedAt: '2026-11-06T06:00:00Z',
        placeOfSupply: maharashtra,
        figures: second,
      },
      {
        kind: 'credit-note',
        number: 'CN/26-27/000001',
        issuedAt: '2026-11-07T06:00:00Z',
        placeOfSupply: karnataka,
        figures: credit,
        original: { number: 'LB/26-27/000001', issuedAt: '2026-11-05T06:00:00Z', figures: first },
      },
    ];
    const gstr1 = gstr1Of(documents);
    expect(gstr1.b2cl).toEqual([]);
    expect(gstr1.cdnur).toEqual([]);
    expect(gstr1.b2cs).toEqual([
      ['OE', '27-Maharashtra', '', 5, '952.38', '0.00', ''],
      ['OE', '29-Karnataka', '', 18, '0.00', '0.00', ''],
      ['OE', '29-Karnataka', '', 5, '1047.62', '0.00', ''],
    ]);
    expect(gstr1.hsn).toEqual([
      ['3303', '', 'NOS-NUMBERS', 0, '0.00', 18, '0.00', '0.00', '0.00', '0.00', '0.00'],
      ['6212', '', 'NOS-NUMBERS', 2, '2100.00', 5, '2000.00', '47.62', '26.19', '26.19', '0.00'],
    ]);
  });

  it('lists a large invoice and its credit note one by one', () => {
    const big = figures([{ ...bra, quantity: 40, unitPricePaise: 262_500 }], '27');
    const credit = creditNoteFigures({
      invoice: big,
      amountPaise: 262_500,
      lines: [{ ref: 'bra', quantity: 1, amountPaise: 262_500 }],
    });
    const gstr1 = gstr1Of([
      {
        kind: 'invoice',
        number: 'LB/26-27/000009',
        issuedAt: '2026-11-30T19:00:00Z',
        placeOfSupply: maharashtra,
        figures: big,
      },
      {
        kind: 'credit-note',
        number: 'CN/26-27/000002',
        issuedAt: '2026-11-30T19:00:00Z',
        placeOfSupply: maharashtra,
        figures: credit,
        original: { number: 'LB/26-27/000009', issuedAt: '2026-11-30T19:00:00Z', figures: big },
      },
    ]);
    expect(gstr1.b2cl).toEqual([
      [
        'LB/26-27/000009',
        '01-Dec-2026',
        '105000.00',
        '27-Maharashtra',
        '',
        5,
        '100000.00',
        '0.00',
        '',
      ],
    ]);
    expect(gstr1.cdnur).toEqual([
      [
        'B2CL',
        'CN/26-27/000002',
        '01-Dec-2026',
        'C',
        '27-Maharashtra',
        '2625.00',
        '',
        5,
        '2500.00',
        '0.00',
      ],
    ]);
    expect(gstr1.b2cs).toEqual([]);
  });

  it('writes dates and months in India', () => {
    expect(gstr1Date('2026-11-04T18:30:00Z')).toBe('05-Nov-2026');
    expect(indianMonthRange('2026-11')).toEqual({
      from: new Date('2026-10-31T18:30:00Z'),
      to: new Date('2026-11-30T18:30:00Z'),
    });
    expect(indianMonthRange('2026-12').to).toEqual(new Date('2026-12-31T18:30:00Z'));
  });
});
