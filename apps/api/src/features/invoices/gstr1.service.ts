import { stringify } from 'csv-stringify/sync';
import { gstr1Headers, gstr1Of, indianMonthRange, type Gstr1Row } from '@shop/domain/gstr1';
import type { DocumentSnapshot } from './invoice-documents.ts';
import type { InvoicesRepository } from './invoices.repository.ts';

/** The sections of the export, each titled as GSTR-1's offline tool names its sheets. */
const SECTIONS = [
  ['b2cl', 'B2C Large (table 5)'],
  ['cdnur', 'Credit notes of B2C Large (table 9B, CDNUR)'],
  ['b2cs', 'B2C Small (table 7), credit notes netted'],
  ['hsn', 'HSN summary (table 12), credit notes netted'],
] as const;

/** The owner's monthly GSTR-1 export: the documents issued in a month in India, as one CSV. */
export function createGstr1Service(invoices: InvoicesRepository) {
  return {
    async csv(month: string): Promise<string> {
      const { from, to } = indianMonthRange(month);
      const rows = await invoices.issuedBetween(from, to);
      const byId = new Map(rows.map((row) => [row.id, row]));
      // A credit note of this month may refer to an invoice of an earlier month.
      const originals = await invoices.byIds(
        rows.flatMap((row) => (row.invoiceId && !byId.has(row.invoiceId) ? [row.invoiceId] : [])),
      );
      for (const row of originals) byId.set(row.id, row);
      const gstr1 = gstr1Of(
        rows.map((row) => {
          const snapshot = row.figures as unknown as DocumentSnapshot;
          const original = row.invoiceId ? byId.get(row.invoiceId) : undefined;
          const originalSnapshot = original?.figures as unknown as DocumentSnapshot | undefined;
          return {
            kind: snapshot.kind,
            number: row.number,
            issuedAt: row.issuedAt.toISOString(),
            placeOfSupply: { code: snapshot.buyer.stateCode, state: snapshot.buyer.state },
            figures: snapshot.figures,
            original: originalSnapshot && {
              number: originalSnapshot.number,
              issuedAt: originalSnapshot.issuedAt,
              figures: originalSnapshot.figures,
            },
          };
        }),
      );
      const lines: Gstr1Row[] = [];
      for (const [key, title] of SECTIONS) {
        if (lines.length > 0) lines.push([]);
        lines.push([title]);
        lines.push([...gstr1Headers[key]]);
        lines.push(...gstr1[key]);
      }
      return stringify(lines);
    },
  };
}

export type Gstr1Service = ReturnType<typeof createGstr1Service>;
