// GST on the shop's sales: the rate of each line (by HSN code and date), the taxable value backed
// out of GST-inclusive prices, the order discount spread over the lines, the IGST or CGST + SGST
// split by place of supply, the amount in words and the invoice numbers. Pure: the invoice
// service and the cart's "Inclusive of GST" line both price through here (docs/decisions/0053).
import { indianStates } from './gstin.ts';
import { sumPaise, type Paise } from './money.ts';
import type { RefundReason } from './payments.ts';
import { GST_SLAB_LIMIT_PAISE } from './products.ts';

/**
 * How a heading is taxed from a date on: a flat rate, or the textile rule whose rate follows the
 * value of a piece before tax (at most `limitPaise`: the low rate; above it: the high rate).
 */
export type GstRule =
  | { kind: 'flat'; ratePercent: number }
  | { kind: 'by-value'; limitPaise: Paise; lowPercent: number; highPercent: number };

export interface GstRateRow {
  /** The start of an HSN code: a chapter ('61'), a heading ('6212') or longer. */
  hsnPrefix: string;
  /** First day (in India) the row applies, YYYY-MM-DD. */
  from: string;
  rule: GstRule;
}

/** The rates in force since GST began for the garments (before the 2025 reform: ₹1,000, 5 %/12 %). */
const GARMENTS_2017: GstRule = {
  kind: 'by-value',
  limitPaise: 100_000,
  lowPercent: 5,
  highPercent: 12,
};
/** From 22 September 2025: 5 % up to ₹2,500 a piece before tax, 18 % above. */
const GARMENTS_2025: GstRule = {
  kind: 'by-value',
  limitPaise: GST_SLAB_LIMIT_PAISE,
  lowPercent: 5,
  highPercent: 18,
};
const BEAUTY: GstRule = { kind: 'flat', ratePercent: 18 };

/**
 * The rate table. A change of rates is one new row with its start date; the longest matching
 * prefix wins, then the latest row that has started. Chapters 61 (knitted) and 62 (woven) hold
 * bras (6212), panties, slips and nightwear (6108 / 6208) and apparel (6104 / 6204); beauty is
 * 3303 (perfumes), 3304 (skin care) and 3305 (hair care).
 */
export const gstRateTable: readonly GstRateRow[] = [
  { hsnPrefix: '61', from: '2017-07-01', rule: GARMENTS_2017 },
  { hsnPrefix: '62', from: '2017-07-01', rule: GARMENTS_2017 },
  { hsnPrefix: '61', from: '2025-09-22', rule: GARMENTS_2025 },
  { hsnPrefix: '62', from: '2025-09-22', rule: GARMENTS_2025 },
  { hsnPrefix: '3303', from: '2017-07-01', rule: BEAUTY },
  { hsnPrefix: '3304', from: '2017-07-01', rule: BEAUTY },
  { hsnPrefix: '3305', from: '2017-07-01', rule: BEAUTY },
];

/** An HSN code: 4, 6 or 8 digits (heading, subheading, tariff item). */
export const HSN_PATTERN = /^\d{4}(\d{2}){0,2}$/;

export const gstMessages = {
  noHsn: (name: string) =>
    `"${name}" has no HSN code and its category has no default: enter one in the product editor or on its category.`,
  noRate: (hsn: string) => `No GST rate is known for HSN code ${hsn}.`,
} as const;

export class GstRuleError extends Error {
  override name = 'GstRuleError';
}

/** The HSN code a line is invoiced under: the product's own, else its category's default. */
export function hsnOf(line: { name: string; hsnCode: string; categoryHsnCode: string }): string {
  const own = line.hsnCode.trim() || line.categoryHsnCode.trim();
  if (!own) throw new GstRuleError(gstMessages.noHsn(line.name));
  return own;
}

/** The rule in force for an HSN code on a day (YYYY-MM-DD in India). */
export function gstRuleOf(hsn: string, day: string, table = gstRateTable): GstRule {
  let best: GstRateRow | undefined;
  for (const row of table) {
    if (!hsn.startsWith(row.hsnPrefix) || row.from > day) continue;
    if (
      !best ||
      row.hsnPrefix.length > best.hsnPrefix.length ||
      (row.hsnPrefix.length === best.hsnPrefix.length && row.from > best.from)
    ) {
      best = row;
    }
  }
  if (!best) throw new GstRuleError(gstMessages.noRate(hsn));
  return best.rule;
}

/**
 * The rate of a piece sold for `piecePaise` including GST. By value: the low rate while the value
 * before tax at that rate stays within the limit (₹2,625 → ₹2,500 + 5 %), else the high rate. A
 * price in the gap between the slabs fits neither (products.ts refuses such list prices, but a
 * discount can bring a piece there): it takes the high rate, so the shop never under-declares.
 */
export function gstRateOf(rule: GstRule, piecePaise: Paise): number {
  if (rule.kind === 'flat') return rule.ratePercent;
  return piecePaise * 100 <= rule.limitPaise * (100 + rule.lowPercent)
    ? rule.lowPercent
    : rule.highPercent;
}

/** The value before tax in an amount including GST at `ratePercent`, to the nearest paisa. */
export function taxableOf(inclusivePaise: Paise, ratePercent: number): Paise {
  return Math.round((inclusivePaise * 100) / (100 + ratePercent));
}

/**
 * Spreads `amount` over `weights` in proportion, in whole paise that add up to `amount`: each
 * share is rounded down, and the paise left go one each to the largest remainders (the earlier
 * line on a tie).
 */
export function spreadInProportion(amount: Paise, weights: readonly Paise[]): Paise[] {
  const total = sumPaise(weights);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amount - sumPaise(shares);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** Within one state: CGST and SGST (the odd paisa goes to CGST); across states: IGST. */
export type TaxSplit =
  { kind: 'intra'; cgstPaise: Paise; sgstPaise: Paise } | { kind: 'inter'; igstPaise: Paise };

export function splitTax(taxPaise: Paise, interState: boolean): TaxSplit {
  if (interState) return { kind: 'inter', igstPaise: taxPaise };
  const sgstPaise = Math.floor(taxPaise / 2);
  return { kind: 'intra', cgstPaise: taxPaise - sgstPaise, sgstPaise };
}

export interface GstLineInput {
  /** The caller's name for the line (the bought line's id), carried to the figures. */
  ref?: string;
  description: string;
  hsn: string;
  quantity: number;
  /** Price of one piece including GST. */
  unitPricePaise: Paise;
  /** The line's own discount: its units' shares of the offers they were grouped under. */
  offerDiscountPaise?: Paise;
}

export interface GstInvoiceInput {
  lines: readonly GstLineInput[];
  /**
   * The order's whole discount: the lines' offer shares (`offerDiscountPaise`) and its codes, which
   * are spread over the goods in proportion to what the offers leave of them.
   */
  discountPaise: Paise;
  shippingPaise: Paise;
  /** Cash on delivery's fee (0 for orders paid online): taxed with the goods, as shipping is. */
  codFeePaise?: Paise;
  /** What the shopper paid: the invoice must come to exactly this. */
  totalPaise: Paise;
  /** YYYY-MM-DD in India: which rates apply. */
  day: string;
  /** GST state codes of the shop and of the place of supply (the delivery address). */
  shopStateCode: string;
  placeOfSupplyCode: string;
}

export interface GstInvoiceLine {
  ref?: string;
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: Paise;
  discountPaise: Paise;
  /** Including GST, after the discount: what the shopper paid for the line. */
  valuePaise: Paise;
  taxablePaise: Paise;
  ratePercent: number;
  taxPaise: Paise;
  split: TaxSplit;
}

export interface GstInvoiceFigures {
  interState: boolean;
  lines: GstInvoiceLine[];
  taxablePaise: Paise;
  taxPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  totalPaise: Paise;
}

export const SHIPPING_DESCRIPTION = 'Shipping and handling';
export const COD_FEE_DESCRIPTION = 'Cash on delivery fee';

function lineOf(
  base: Omit<GstInvoiceLine, 'taxablePaise' | 'taxPaise' | 'split'>,
  interState: boolean,
): GstInvoiceLine {
  const taxablePaise = taxableOf(base.valuePaise, base.ratePercent);
  const taxPaise = base.valuePaise - taxablePaise;
  return { ...base, taxablePaise, taxPaise, split: splitTax(taxPaise, interState) };
}

/**
 * Every figure of a tax invoice from what was sold and paid. Each line's value (its price less its
 * share of the discount) is split into taxable value and tax, each rounded to the paisa, so the
 * lines add up to what was paid. Shipping is part of a composite supply whose principal supply is
 * the goods: it is its own line taxed at the rate (and under the HSN) of the line of highest value.
 */
export function gstInvoiceFigures(input: GstInvoiceInput): GstInvoiceFigures {
  const interState = input.shopStateCode !== input.placeOfSupplyCode;
  // An offer's share is the line's own discount; the codes apply after offers, so they are spread
  // over what the offers leave. The invoice lists both together as the line's discount.
  const afterOffers = input.lines.map(
    (line) => line.unitPricePaise * line.quantity - (line.offerDiscountPaise ?? 0),
  );
  const offersPaise = sumPaise(input.lines.map((line) => line.offerDiscountPaise ?? 0));
  const codeShares = spreadInProportion(input.discountPaise - offersPaise, afterOffers);
  const discounts = input.lines.map(
    (line, index) => (line.offerDiscountPaise ?? 0) + codeShares[index]!,
  );
  const lines = input.lines.map((line, index) => {
    const valuePaise = afterOffers[index]! - codeShares[index]!;
    const rule = gstRuleOf(line.hsn, input.day);
    // The slab follows the value of a piece actually charged, after its share of the discount.
    const ratePercent = gstRateOf(rule, Math.round(valuePaise / line.quantity));
    const { offerDiscountPaise: _offer, ...described } = line;
    return lineOf(
      { ...described, discountPaise: discounts[index]!, valuePaise, ratePercent },
      interState,
    );
  });
  // Charges that come with the goods (a composite supply) take the rate and HSN of the order's
  // principal line, the one of the highest value.
  const principal =
    lines.length > 0 ? lines.reduce((a, b) => (b.valuePaise > a.valuePaise ? b : a)) : undefined;
  for (const [description, paise] of [
    [SHIPPING_DESCRIPTION, input.shippingPaise],
    [COD_FEE_DESCRIPTION, input.codFeePaise ?? 0],
  ] as const) {
    if (paise <= 0 || !principal) continue;
    lines.push(
      lineOf(
        {
          description,
          hsn: principal.hsn,
          quantity: 1,
          unitPricePaise: paise,
          discountPaise: 0,
          valuePaise: paise,
          ratePercent: principal.ratePercent,
        },
        interState,
      ),
    );
  }
  const figures = figuresOf(lines, interState);
  if (figures.totalPaise !== input.totalPaise) {
    throw new GstRuleError(
      `The invoice's lines come to ${figures.totalPaise} paise but ${input.totalPaise} were paid`,
    );
  }
  return figures;
}

function figuresOf(lines: GstInvoiceLine[], interState: boolean): GstInvoiceFigures {
  const sumOf = (pick: (split: TaxSplit) => Paise) =>
    sumPaise(lines.map((line) => pick(line.split)));
  return {
    interState,
    lines,
    taxablePaise: sumPaise(lines.map((line) => line.taxablePaise)),
    taxPaise: sumPaise(lines.map((line) => line.taxPaise)),
    cgstPaise: sumOf((split) => (split.kind === 'intra' ? split.cgstPaise : 0)),
    sgstPaise: sumOf((split) => (split.kind === 'intra' ? split.sgstPaise : 0)),
    igstPaise: sumOf((split) => (split.kind === 'inter' ? split.igstPaise : 0)),
    totalPaise: sumPaise(lines.map((line) => line.valuePaise)),
  };
}

export interface CreditNoteInput {
  /** The invoice's figures: rates, HSN codes and the place of supply come from it. */
  invoice: GstInvoiceFigures;
  /** The money given back. */
  amountPaise: Paise;
  /** The bought lines it gives back (by `ref`), with the units and what each gives. */
  lines: readonly { ref: string; quantity: number; amountPaise: Paise }[];
}

/**
 * The figures of a credit note: each refunded line at its invoice line's rate and HSN, the tax
 * backed out of what it gives back. Money given back beyond the lines (shipping refunded with a
 * cancel) is credited on the invoice's shipping line, or its line of highest value. A refund
 * naming no lines (a whole cancel) is spread over the invoice's lines in proportion to their value.
 */
export function creditNoteFigures(input: CreditNoteInput): GstInvoiceFigures {
  const { invoice } = input;
  const { interState } = invoice;
  const credit = (of: GstInvoiceLine, quantity: number, valuePaise: Paise): GstInvoiceLine =>
    lineOf(
      {
        ref: of.ref,
        description: of.description,
        hsn: of.hsn,
        quantity,
        unitPricePaise: of.unitPricePaise,
        discountPaise: of.unitPricePaise * quantity - valuePaise,
        valuePaise,
        ratePercent: of.ratePercent,
      },
      interState,
    );
  let lines: GstInvoiceLine[];
  if (input.lines.length === 0) {
    const shares = spreadInProportion(
      input.amountPaise,
      invoice.lines.map((line) => line.valuePaise),
    );
    lines = invoice.lines.flatMap((line, index) =>
      shares[index]! > 0 ? [credit(line, line.quantity, shares[index]!)] : [],
    );
  } else {
    lines = input.lines.map((refunded) => {
      const of = invoice.lines.find((line) => line.ref === refunded.ref);
      if (!of) throw new GstRuleError(`The invoice has no line ${refunded.ref}`);
      return credit(of, refunded.quantity, refunded.amountPaise);
    });
    const rest = input.amountPaise - sumPaise(input.lines.map((line) => line.amountPaise));
    if (rest < 0) throw new GstRuleError('The refunded lines come to more than the refund');
    if (rest > 0) {
      const shipping =
        invoice.lines.find((line) => line.description === SHIPPING_DESCRIPTION) ??
        invoice.lines.reduce((a, b) => (b.valuePaise > a.valuePaise ? b : a));
      lines.push(credit(shipping, 1, rest));
    }
  }
  return figuresOf(lines, interState);
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit ? `${TENS[Math.floor(n / 10)]!} ${ONES[unit]!}` : TENS[Math.floor(n / 10)]!;
}

/** A whole number in words the Indian way: thousand, lakh (1,00,000), crore (1,00,00,000). */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`);
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  if (crores) parts.push(`${indianNumberInWords(crores)} Crore`);
  const rest = n % 10_000_000;
  const groups: [number, string][] = [
    [Math.floor(rest / 100_000), 'Lakh'],
    [Math.floor((rest % 100_000) / 1000), 'Thousand'],
    [Math.floor((rest % 1000) / 100), 'Hundred'],
  ];
  for (const [count, name] of groups) if (count) parts.push(`${belowHundred(count)} ${name}`);
  if (rest % 100) parts.push(belowHundred(rest % 100));
  return parts.join(' ');
}

/** `Rupees One Thousand Seven Hundred Eight and Paise Twenty Only` for ₹1,708.20. */
export function amountInWords(paise: Paise): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${indianNumberInWords(rupees)}`;
  return rest ? `${words} and Paise ${belowHundred(rest)} Only` : `${words} Only`;
}

/** India has no daylight saving: its time is always UTC + 5:30. */
const INDIA_OFFSET_MS = 330 * 60_000;

/** The day in India (YYYY-MM-DD) of an instant. */
export function indianDayOf(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The financial year (April to March, in India) of an instant, e.g. `2026-27`. */
export function financialYearOf(at: Date): string {
  const [year, month] = indianDayOf(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The two series of documents, each numbered from 1 in every financial year. */
export const documentSeries = {
  invoice: 'LB',
  'credit-note': 'CN',
} as const;
export type DocumentKind = keyof typeof documentSeries;

export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/**
 * A document's number: series, short financial year and the sequence, e.g. `LB/26-27/000123`
 * (15 characters; the CGST rules allow 16). The sequence has 6 digits and grows to 7 past
 * 999,999, which still fits; beyond 9,999,999 documents a year it refuses.
 */
export function documentNumber(
  kind: DocumentKind,
  financialYear: string,
  sequence: number,
): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`Not a document sequence: ${sequence}`);
  }
  const short = `${financialYear.slice(2, 4)}-${financialYear.slice(5, 7)}`;
  const number = `${documentSeries[kind]}/${short}/${String(sequence).padStart(6, '0')}`;
  if (number.length > MAX_DOCUMENT_NUMBER_LENGTH) {
    throw new RangeError(`A document number may have at most 16 characters: ${number}`);
  }
  return number;
}

/** The tax included in a cart's total, for the checkout's "Inclusive of GST" line. */
export function gstIncludedIn(input: Omit<GstInvoiceInput, 'totalPaise'>): Paise {
  const totalPaise =
    sumPaise(input.lines.map((line) => line.unitPricePaise * line.quantity)) -
    input.discountPaise +
    input.shippingPaise;
  return gstInvoiceFigures({ ...input, totalPaise }).taxPaise;
}

const normalState = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** Names shoppers type for a state other than its GST name. */
const stateAliases: Readonly<Record<string, string>> = {
  orissa: '21',
  pondicherry: '34',
  'new delhi': '07',
  'nct of delhi': '07',
  'delhi ncr': '07',
  'jammu kashmir': '01',
  'andaman nicobar': '35',
  'andaman and nicobar': '35',
  'daman and diu': '26',
  'dadra and nagar haveli': '26',
};

/**
 * The GST state code of the place of supply from the state a delivery address names (any case,
 * '&' or 'and', common older names). A name no state matches is taken as the shop's own state:
 * the tax is the same, only its split differs, and checkout's state list makes it rare.
 */
export function placeOfSupplyCode(stateName: string, shopStateCode: string): string {
  const wanted = normalState(stateName);
  const state = indianStates.find((candidate) => normalState(candidate.name) === wanted);
  return state?.code ?? stateAliases[wanted] ?? shopStateCode;
}

/**
 * Refunds a credit note is issued for: money given back for goods (a cancel, a return, the shop's
 * own refund). A late or a duplicate payment's refund returns money no invoice charged.
 */
export const creditedRefundReasons = [
  'cancelled',
  'returned',
  'shop',
] as const satisfies readonly RefundReason[];
