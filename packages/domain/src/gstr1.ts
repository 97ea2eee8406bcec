// A month's sales shaped for GSTR-1, the return of outward supplies: every sale of the shop is to
// an unregistered shopper (B2C). Large inter-state invoices are listed one by one (table 5,
// B2CL) with their credit notes (table 9B, CDNUR); every other sale is summed by place of supply
// and rate (table 7, B2CS) with its credit notes netted off; and the HSN summary (table 12)
// sums the goods by HSN code and rate, credit notes netted off.
import { SHIPPING_DESCRIPTION, type GstInvoiceFigures } from './gst.ts';
import type { Paise } from './money.ts';

/**
 * An inter-state invoice to an unregistered buyer above this value is B2C large (rule 59(4) of the
 * CGST rules: ₹1,00,000 since 1 August 2024, notification 12/2024; ₹2,50,000 before).
 */
export const B2CL_THRESHOLD_PAISE: Paise = 1_00_000_00;

export interface Gstr1Document {
  kind: 'invoice' | 'credit-note';
  number: string;
  issuedAt: string;
  placeOfSupply: { code: string; state: string };
  figures: GstInvoiceFigures;
  /** A credit note's invoice, to tell whether it was B2C large. */
  original?: { number: string; issuedAt: string; figures: GstInvoiceFigures };
}

export type Gstr1Row = (string | number)[];

export interface Gstr1 {
  b2cl: Gstr1Row[];
  cdnur: Gstr1Row[];
  b2cs: Gstr1Row[];
  hsn: Gstr1Row[];
}

export const gstr1Headers = {
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  hsn: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The return's date format, `05-Nov-2026`, of the day in India. */
export function gstr1Date(iso: string): string {
  const day = new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(0, 10);
  const [year, month, date] = day.split('-');
  return `${date}-${MONTHS[Number(month) - 1]}-${year}`;
}

const rupees = (paise: Paise) => (paise / 100).toFixed(2);
const pos = (place: Gstr1Document['placeOfSupply']) => `${place.code}-${place.state}`;

/** Whether an invoice is B2C large: inter-state and above the threshold. */
export function isB2cLarge(figures: GstInvoiceFigures): boolean {
  return figures.interState && figures.totalPaise > B2CL_THRESHOLD_PAISE;
}

/** Taxable value by rate, in the order rates first appear. */
function byRate(figures: GstInvoiceFigures): Map<number, Paise> {
  const rates = new Map<number, Paise>();
  for (const line of figures.lines) {
    rates.set(line.ratePercent, (rates.get(line.ratePercent) ?? 0) + line.taxablePaise);
  }
  return rates;
}

/** The month's figures, ready to write: amounts in rupees with two decimals. */
export function gstr1Of(documents: readonly Gstr1Document[]): Gstr1 {
  const b2cl: Gstr1Row[] = [];
  const cdnur: Gstr1Row[] = [];
  const b2cs = new Map<string, { pos: string; rate: number; taxable: Paise }>();
  const hsn = new Map<
    string,
    {
      hsn: string;
      rate: number;
      quantity: number;
      value: Paise;
      taxable: Paise;
      igst: Paise;
      cgst: Paise;
      sgst: Paise;
    }
  >();

  for (const document of documents) {
    const sign = document.kind === 'invoice' ? 1 : -1;
    const large = isB2cLarge(
      document.kind === 'invoice'
        ? document.figures
        : (document.original?.figures ?? document.figures),
    );
    for (const [rate, taxable] of byRate(document.figures)) {
      if (large && document.kind === 'invoice') {
        b2cl.push([
          document.number,
          gstr1Date(document.issuedAt),
          rupees(document.figures.totalPaise),
          pos(document.placeOfSupply),
          '',
          rate,
          rupees(taxable),
          '0.00',
          '',
        ]);
      } else if (large) {
        cdnur.push([
          'B2CL',
          document.number,
          gstr1Date(document.issuedAt),
          'C',
          pos(document.placeOfSupply),
          rupees(document.figures.totalPaise),
          '',
          rate,
          rupees(taxable),
          '0.00',
        ]);
      } else {
        const key = `${document.placeOfSupply.code}|${rate}`;
        const entry = b2cs.get(key) ?? { pos: pos(document.placeOfSupply), rate, taxable: 0 };
        entry.taxable += sign * taxable;
        b2cs.set(key, entry);
      }
    }
    for (const line of document.figures.lines) {
      const key = `${line.hsn}|${line.ratePercent}`;
      const entry = hsn.get(key) ?? {
        hsn: line.hsn,
        rate: line.ratePercent,
        quantity: 0,
        value: 0,
        taxable: 0,
        igst: 0,
        cgst: 0,
        sgst: 0,
      };
      // Shipping is taxed with the goods but is no piece of them.
      if (line.description !== SHIPPING_DESCRIPTION) entry.quantity += sign * line.quantity;
      entry.value += sign * line.valuePaise;
      entry.taxable += sign * line.taxablePaise;
      if (line.split.kind === 'inter') entry.igst += sign * line.split.igstPaise;
      else {
        entry.cgst += sign * line.split.cgstPaise;
        entry.sgst += sign * line.split.sgstPaise;
      }
      hsn.set(key, entry);
    }
  }

  const sorted = <T>(map: Map<string, T>) =>
    [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, value]) => value);
  return {
    b2cl,
    cdnur,
    b2cs: sorted(b2cs).map((entry) => [
      'OE',
      entry.pos,
      '',
      entry.rate,
      rupees(entry.taxable),
      '0.00',
      '',
    ]),
    hsn: sorted(hsn).map((entry) => [
      entry.hsn,
      '',
      'NOS-NUMBERS',
      entry.quantity,
      rupees(entry.value),
      entry.rate,
      rupees(entry.taxable),
      rupees(entry.igst),
      rupees(entry.cgst),
      rupees(entry.sgst),
      '0.00',
    ]),
  };
}

/** The first instant of a month (YYYY-MM) in India and of the month after it. */
export function indianMonthRange(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1) - 330 * 60_000);
  return {
    from: start(year, monthNumber),
    to: monthNumber === 12 ? start(year + 1, 1) : start(year, monthNumber + 1),
  };
}
