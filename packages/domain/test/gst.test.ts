import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  creditNoteFigures,
  documentNumber,
  financialYearOf,
  gstIncludedIn,
  gstInvoiceFigures,
  gstRateOf,
  gstRuleOf,
  GstRuleError,
  hsnOf,
  indianDayOf,
  indianNumberInWords,
  placeOfSupplyCode,
  spreadInProportion,
  splitTax,
  taxableOf,
  type GstInvoiceInput,
  type GstRateRow,
} from '../src/gst.ts';

const TODAY = '2026-11-26';
const KARNATAKA = '29';
const MAHARASHTRA = '27';

const invoice = (overrides: Partial<GstInvoiceInput>): GstInvoiceInput => ({
  lines: [],
  discountPaise: 0,
  shippingPaise: 0,
  totalPaise: 0,
  day: TODAY,
  shopStateCode: KARNATAKA,
  placeOfSupplyCode: KARNATAKA,
  ...overrides,
});

describe('the rate table', () => {
  it('taxes garments by the value of a piece: ₹2,625 including GST is 5 %, ₹2,950 is 18 %', () => {
    const bras = gstRuleOf('6212', TODAY);
    expect(gstRateOf(bras, 262_500)).toBe(5);
    expect(taxableOf(262_500, 5)).toBe(250_000);
    expect(gstRateOf(bras, 262_501)).toBe(18);
    expect(gstRateOf(bras, 295_000)).toBe(18);
    expect(taxableOf(295_000, 18)).toBe(250_000);
    expect(gstRateOf(bras, 49_900)).toBe(5);
  });

  it('covers panties, nightwear and apparel of both chapters, and beauty at its own rate', () => {
    for (const hsn of ['6108', '6208', '61082100', '6104', '6204']) {
      expect(gstRateOf(gstRuleOf(hsn, TODAY), 99_900)).toBe(5);
    }
    for (const hsn of ['3303', '3304', '3305']) {
      expect(gstRateOf(gstRuleOf(hsn, TODAY), 99_900)).toBe(18);
      expect(gstRateOf(gstRuleOf(hsn, TODAY), 300_000)).toBe(18);
    }
  });

  it('applies the rates in force on the day: before 22 September 2025 garments were 5 %/12 % at ₹1,000', () => {
    const before = gstRuleOf('6212', '2025-09-21');
    expect(gstRateOf(before, 105_000)).toBe(5);
    expect(gstRateOf(before, 105_001)).toBe(12);
    expect(gstRateOf(gstRuleOf('6212', '2025-09-22'), 105_001)).toBe(5);
  });

  it('takes a new rate from one new row, the longest prefix first', () => {
    const table: GstRateRow[] = [
      { hsnPrefix: '62', from: '2017-07-01', rule: { kind: 'flat', ratePercent: 5 } },
      { hsnPrefix: '6212', from: '2027-01-01', rule: { kind: 'flat', ratePercent: 12 } },
    ];
    expect(gstRuleOf('6212', '2026-12-31', table)).toEqual({ kind: 'flat', ratePercent: 5 });
    expect(gstRuleOf('6212', '2027-01-01', table)).toEqual({ kind: 'flat', ratePercent: 12 });
    expect(gstRuleOf('6204', '2027-01-01', table)).toEqual({ kind: 'flat', ratePercent: 5 });
  });

  it('refuses an HSN code it has no rate for', () => {
    expect(() => gstRuleOf('8471', TODAY)).toThrow(GstRuleError);
  });

  it("falls back to the category's HSN code when the product has none", () => {
    expect(hsnOf({ name: 'Bra', hsnCode: '', categorySlug: 'bras' })).toBe('6212');
    expect(hsnOf({ name: 'Bra', hsnCode: ' 62121000 ', categorySlug: 'bras' })).toBe('62121000');
    expect(hsnOf({ name: 'Mist', hsnCode: '', categorySlug: 'beauty' })).toBe('3304');
    expect(() => hsnOf({ name: 'Thing', hsnCode: '', categorySlug: 'gifts' })).toThrow(
      '"Thing" has no HSN code',
    );
  });
});

describe('spreading a discount', () => {
  it('gives each line its share in whole paise that add up, the largest remainders first', () => {
    expect(spreadInProportion(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(spreadInProportion(1000, [300, 700])).toEqual([300, 700]);
    expect(spreadInProportion(101, [1, 2])).toEqual([34, 67]);
    expect(spreadInProportion(0, [5, 5])).toEqual([0, 0]);
    const shares = spreadInProportion(12_345, [49_900, 129_900, 7_700]);
    expect(shares.reduce((a, b) => a + b)).toBe(12_345);
  });
});

describe('splitting the tax', () => {
  it('puts the odd paisa in CGST within a state, and all of it in IGST across states', () => {
    expect(splitTax(2377, false)).toEqual({ kind: 'intra', cgstPaise: 1189, sgstPaise: 1188 });
    expect(splitTax(2378, false)).toEqual({ kind: 'intra', cgstPaise: 1189, sgstPaise: 1189 });
    expect(splitTax(2377, true)).toEqual({ kind: 'inter', igstPaise: 2377 });
  });
});

describe('the figures of an invoice', () => {
  const lines = [
    { description: 'Lace Bra', hsn: '6212', quantity: 2, unitPricePaise: 129_900 },
    { description: 'Body Mist', hsn: '3303', quantity: 1, unitPricePaise: 49_900 },
  ];

  it('backs the taxable value out of each line, rounded to the paisa, and comes to what was paid', () => {
    const figures = gstInvoiceFigures(invoice({ lines, totalPaise: 309_700 }));
    expect(figures.interState).toBe(false);
    expect(
      figures.lines.map((line) => [line.valuePaise, line.taxablePaise, line.ratePercent]),
    ).toEqual([
      [259_800, 247_429, 5],
      [49_900, 42_288, 18],
    ]);
    expect(figures.taxPaise).toBe(259_800 - 247_429 + 49_900 - 42_288);
    expect(figures.cgstPaise + figures.sgstPaise).toBe(figures.taxPaise);
    expect(figures.igstPaise).toBe(0);
    expect(figures.taxablePaise + figures.taxPaise).toBe(309_700);
  });

  it('spreads the discount over the lines and charges IGST to another state', () => {
    const figures = gstInvoiceFigures(
      invoice({
        lines,
        discountPaise: 30_970,
        totalPaise: 309_700 - 30_970,
        placeOfSupplyCode: MAHARASHTRA,
      }),
    );
    expect(figures.interState).toBe(true);
    expect(figures.lines.map((line) => line.discountPaise)).toEqual([25_980, 4_990]);
    expect(figures.igstPaise).toBe(figures.taxPaise);
    expect(figures.cgstPaise).toBe(0);
    expect(figures.totalPaise).toBe(278_730);
  });

  it('takes the slab from the value a piece is sold for after the discount', () => {
    const figures = gstInvoiceFigures(
      invoice({
        lines: [{ description: 'Robe', hsn: '6208', quantity: 1, unitPricePaise: 300_000 }],
        discountPaise: 50_000,
        totalPaise: 250_000,
      }),
    );
    expect(figures.lines[0]!.ratePercent).toBe(5);
  });

  it('taxes shipping as part of the goods, at the rate of the line of highest value', () => {
    const figures = gstInvoiceFigures(
      invoice({ lines, shippingPaise: 9_900, totalPaise: 309_700 + 9_900 }),
    );
    const shipping = figures.lines.at(-1)!;
    expect(shipping).toMatchObject({
      description: 'Shipping and handling',
      hsn: '6212',
      ratePercent: 5,
      valuePaise: 9_900,
      taxablePaise: 9_429,
    });
    expect(figures.totalPaise).toBe(319_600);
  });

  it('taxes a cash-on-delivery fee with the goods too, after shipping', () => {
    const figures = gstInvoiceFigures(
      invoice({ lines, codFeePaise: 4_900, totalPaise: 309_700 + 4_900 }),
    );
    expect(figures.lines.at(-1)).toMatchObject({
      description: 'Cash on delivery fee',
      hsn: '6212',
      ratePercent: 5,
      valuePaise: 4_900,
      taxablePaise: 4_667,
    });
    expect(figures.totalPaise).toBe(314_600);
  });

  it('refuses figures that do not come to what was paid', () => {
    expect(() => gstInvoiceFigures(invoice({ lines, totalPaise: 309_701 }))).toThrow(GstRuleError);
  });

  it('answers the tax included in a cart for the checkout', () => {
    expect(gstIncludedIn({ ...invoice({ lines }) })).toBe(
      gstInvoiceFigures(invoice({ lines, totalPaise: 309_700 })).taxPaise,
    );
  });
});

describe('amounts in words', () => {
  it('writes rupees and paise the Indian way', () => {
    expect(amountInWords(170_820)).toBe(
      'Rupees One Thousand Seven Hundred Eight and Paise Twenty Only',
    );
    expect(amountInWords(100_000)).toBe('Rupees One Thousand Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Paise Five Only');
    expect(amountInWords(1_00_000_00)).toBe('Rupees One Lakh Only');
    expect(amountInWords(12_34_567_89)).toBe(
      'Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven and Paise Eighty Nine Only',
    );
  });

  it('counts in lakhs and crores', () => {
    expect(indianNumberInWords(1_23_45_678)).toBe(
      'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight',
    );
    expect(indianNumberInWords(1_00_00_000)).toBe('One Crore');
    expect(indianNumberInWords(215_00_00_011)).toBe('Two Hundred Fifteen Crore Eleven');
    expect(indianNumberInWords(90)).toBe('Ninety');
  });
});

describe('numbering', () => {
  it('fits the series, the financial year and the sequence in 16 characters', () => {
    expect(documentNumber('invoice', '2026-27', 123)).toBe('LB/26-27/000123');
    expect(documentNumber('credit-note', '2026-27', 1)).toBe('CN/26-27/000001');
    expect(documentNumber('invoice', '2099-00', 9_999_999)).toBe('LB/99-00/9999999');
    expect(documentNumber('invoice', '2099-00', 9_999_999)).toHaveLength(16);
    expect(() => documentNumber('invoice', '2026-27', 10_000_000)).toThrow('at most 16');
    expect(() => documentNumber('invoice', '2026-27', 0)).toThrow(RangeError);
  });

  it('rolls the financial year over at midnight of 1 April in India', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2026-01-15T00:00:00Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2099-12-01T00:00:00Z'))).toBe('2099-00');
    expect(indianDayOf(new Date('2026-11-26T20:00:00Z'))).toBe('2026-11-27');
  });
});

describe('the place of supply', () => {
  it("reads the delivery address's state however it is written", () => {
    expect(placeOfSupplyCode('Maharashtra', KARNATAKA)).toBe('27');
    expect(placeOfSupplyCode('  tamil nadu ', KARNATAKA)).toBe('33');
    expect(placeOfSupplyCode('Jammu & Kashmir', KARNATAKA)).toBe('01');
    expect(placeOfSupplyCode('Orissa', KARNATAKA)).toBe('21');
    expect(placeOfSupplyCode('Karnatka', KARNATAKA)).toBe(KARNATAKA);
  });
});

describe('credit notes', () => {
  const invoiceFigures = gstInvoiceFigures(
    invoice({
      lines: [
        { ref: 'bra', description: 'Lace Bra', hsn: '6212', quantity: 2, unitPricePaise: 129_900 },
        { ref: 'mist', description: 'Body Mist', hsn: '3303', quantity: 1, unitPricePaise: 49_900 },
      ],
      shippingPaise: 9_900,
      totalPaise: 319_600,
      placeOfSupplyCode: MAHARASHTRA,
    }),
  );

  it("credits a returned unit at its invoice line's rate and HSN", () => {
    const figures = creditNoteFigures({
      invoice: invoiceFigures,
      amountPaise: 129_900,
      lines: [{ ref: 'bra', quantity: 1, amountPaise: 129_900 }],
    });
    expect(figures.lines).toHaveLength(1);
    expect(figures.lines[0]).toMatchObject({
      hsn: '6212',
      quantity: 1,
      ratePercent: 5,
      valuePaise: 129_900,
      taxablePaise: 123_714,
      discountPaise: 0,
    });
    expect(figures.igstPaise).toBe(6_186);
    expect(figures.totalPaise).toBe(129_900);
  });

  it('credits money beyond the lines on the shipping line', () => {
    const figures = creditNoteFigures({
      invoice: invoiceFigures,
      amountPaise: 49_900 + 9_900,
      lines: [{ ref: 'mist', quantity: 1, amountPaise: 49_900 }],
    });
    expect(
      figures.lines.map((line) => [line.description, line.ratePercent, line.valuePaise]),
    ).toEqual([
      ['Body Mist', 18, 49_900],
      ['Shipping and handling', 5, 9_900],
    ]);
  });

  it('reverses the whole invoice for a cancel that names no lines', () => {
    const figures = creditNoteFigures({ invoice: invoiceFigures, amountPaise: 319_600, lines: [] });
    expect(figures.lines.map((line) => line.valuePaise)).toEqual(
      invoiceFigures.lines.map((line) => line.valuePaise),
    );
    expect(figures.taxPaise).toBe(invoiceFigures.taxPaise);
  });

  it('refuses lines that come to more than the refund', () => {
    expect(() =>
      creditNoteFigures({
        invoice: invoiceFigures,
        amountPaise: 100,
        lines: [{ ref: 'bra', quantity: 1, amountPaise: 129_900 }],
      }),
    ).toThrow(GstRuleError);
  });
});
