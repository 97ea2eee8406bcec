// The GST documents as PDFs (A4 landscape, for the columns the CGST rules ask of each line): a tax
// invoice or a credit note, drawn from the snapshot stored when it was issued, never from the
// order as it is now.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { GstInvoiceFigures } from '@shop/domain/gst';
import { formatMoney } from '@shop/domain/money';

/** Every figure a document prints, as stored in `invoices.figures` when it was issued. */
export interface DocumentSnapshot {
  kind: 'invoice' | 'credit-note';
  number: string;
  issuedAt: string;
  orderNumber: string;
  /** A credit note's invoice. */
  originalInvoiceNumber?: string;
  originalInvoiceDate?: string;
  seller: { legalName: string; address: string; gstin: string; state: string; stateCode: string };
  buyer: { name: string; addressLines: string[]; state: string; stateCode: string };
  figures: GstInvoiceFigures;
  amountInWords: string;
}

const require = createRequire(import.meta.url);
/** DejaVu has the rupee sign (U+20B9) and Indian scripts' punctuation; the PDF standard fonts do not. */
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
};

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const MARGIN = 36;

const money = (paise: number) => formatMoney(paise);

function dateOf(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (line: GstInvoiceFigures['lines'][number]) => string;
}

function columnsOf(interState: boolean): Column[] {
  const tax: Column[] = interState
    ? [
        {
          title: 'IGST',
          width: 130,
          align: 'right',
          value: (line) => (line.split.kind === 'inter' ? money(line.split.igstPaise) : ''),
        },
      ]
    : [
        {
          title: 'CGST',
          width: 65,
          align: 'right',
          value: (line) => (line.split.kind === 'intra' ? money(line.split.cgstPaise) : ''),
        },
        {
          title: 'SGST',
          width: 65,
          align: 'right',
          value: (line) => (line.split.kind === 'intra' ? money(line.split.sgstPaise) : ''),
        },
      ];
  return [
    { title: 'Description', width: 240, align: 'left', value: (line) => line.description },
    { title: 'HSN', width: 52, align: 'left', value: (line) => line.hsn },
    { title: 'Qty', width: 30, align: 'right', value: (line) => String(line.quantity) },
    { title: 'Unit price', width: 68, align: 'right', value: (line) => money(line.unitPricePaise) },
    { title: 'Discount', width: 62, align: 'right', value: (line) => money(line.discountPaise) },
    {
      title: 'Taxable value',
      width: 76,
      align: 'right',
      value: (line) => money(line.taxablePaise),
    },
    { title: 'Rate', width: 36, align: 'right', value: (line) => `${line.ratePercent}%` },
    ...tax,
    { title: 'Total', width: 76, align: 'right', value: (line) => money(line.valuePaise) },
  ];
}

/** Draws one document and answers its bytes; the creation date is the issue date, not now. */
export function gstDocumentPdf(snapshot: DocumentSnapshot): Promise<Buffer> {
  const title = snapshot.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note';
  const doc = new PDFDocument({
    size: A4_LANDSCAPE,
    margin: MARGIN,
    info: {
      Title: `${title} ${snapshot.number}`,
      Author: '',
      CreationDate: new Date(snapshot.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  draw(doc, snapshot, title);
  doc.end();
  return finished;
}

function draw(doc: PDFKit.PDFDocument, snapshot: DocumentSnapshot, title: string) {
  const width = A4_LANDSCAPE[0] - MARGIN * 2;
  const half = width / 2 - 10;
  const { seller, buyer, figures } = snapshot;

  doc.font('bold').fontSize(16).text(title, MARGIN, MARGIN, { width, align: 'center' });
  doc.moveDown(0.6);
  const top = doc.y;
  doc.font('bold').fontSize(11).text(seller.legalName, MARGIN, top, { width: half });
  doc.font('regular').fontSize(9).text(seller.address, { width: half });
  doc.text(`State: ${seller.state} (code ${seller.stateCode})`, { width: half });
  doc.font('bold').text(`GSTIN: ${seller.gstin}`, { width: half });
  const leftEnd = doc.y;

  const right = MARGIN + width / 2 + 10;
  doc.font('regular').fontSize(9);
  const facts = [
    [snapshot.kind === 'invoice' ? 'Invoice number' : 'Credit note number', snapshot.number],
    [snapshot.kind === 'invoice' ? 'Invoice date' : 'Credit note date', dateOf(snapshot.issuedAt)],
    ['Order number', snapshot.orderNumber],
    ...(snapshot.originalInvoiceNumber
      ? [
          ['Original invoice number', snapshot.originalInvoiceNumber],
          ['Original invoice date', dateOf(snapshot.originalInvoiceDate ?? snapshot.issuedAt)],
        ]
      : []),
    ['Place of supply', `${buyer.state} (${buyer.stateCode})`],
  ];
  let y = top;
  for (const [label, value] of facts) {
    doc.font('regular').text(`${label}:`, right, y, { width: 130 });
    doc.font('bold').text(value!, right + 130, y, { width: half - 130 });
    y = doc.y + 2;
  }

  y = Math.max(leftEnd, y) + 12;
  doc.font('bold').fontSize(10).text('Bill to / Ship to', MARGIN, y);
  doc.font('regular').fontSize(9).text(buyer.name, { width: half });
  for (const line of buyer.addressLines) doc.text(line, { width: half });
  doc.text(`State: ${buyer.state} (code ${buyer.stateCode})`, { width: half });

  y = doc.y + 14;
  const columns = columnsOf(figures.interState);
  const header = (at: number) => {
    let x = MARGIN;
    doc.font('bold').fontSize(8.5);
    for (const column of columns) {
      doc.text(column.title, x + 2, at, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    doc
      .moveTo(MARGIN, at + 13)
      .lineTo(MARGIN + width, at + 13)
      .stroke();
    return at + 18;
  };
  y = header(y);
  doc.font('regular').fontSize(8.5);
  for (const line of figures.lines) {
    const height = Math.max(
      doc.heightOfString(line.description, { width: columns[0]!.width - 4 }),
      11,
    );
    if (y + height > A4_LANDSCAPE[1] - MARGIN - 90) {
      doc.addPage();
      y = header(MARGIN);
      doc.font('regular').fontSize(8.5);
    }
    let x = MARGIN;
    for (const column of columns) {
      doc.text(column.value(line), x + 2, y, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    y += height + 6;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .stroke();

  y += 8;
  const totals: [string, number][] = [
    ['Taxable value', figures.taxablePaise],
    ...(figures.interState
      ? ([['IGST', figures.igstPaise]] as [string, number][])
      : ([
          ['CGST', figures.cgstPaise],
          ['SGST', figures.sgstPaise],
        ] as [string, number][])),
    [snapshot.kind === 'invoice' ? 'Invoice total' : 'Credit note total', figures.totalPaise],
  ];
  for (const [label, paise] of totals) {
    const last = label.endsWith('total');
    doc.font(last ? 'bold' : 'regular').fontSize(last ? 10.5 : 9);
    doc.text(label, MARGIN + width - 300, y, { width: 180, align: 'right' });
    doc.text(money(paise), MARGIN + width - 110, y, { width: 110, align: 'right' });
    y = doc.y + 3;
  }
  doc
    .font('bold')
    .fontSize(9)
    .text(`Amount in words: ${snapshot.amountInWords}`, MARGIN, y + 6, {
      width,
    });
  doc.font('regular').fontSize(8).fillColor('#444');
  doc.text('Prices include GST. Tax is not payable on reverse charge.', { width });
  doc.fillColor('#000').fontSize(9);
  const signAt = doc.y + 16;
  doc.text(`For ${seller.legalName}`, MARGIN + width - 260, signAt, { width: 260, align: 'right' });
  doc.text('Authorised signatory', MARGIN + width - 260, signAt + 30, {
    width: 260,
    align: 'right',
  });
}
