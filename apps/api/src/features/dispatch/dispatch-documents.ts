// The shipping documents as PDFs: the packing slip that goes inside the parcel (A4) and the
// shipping label stuck outside it (4 × 6 inches), one label a page for batch printing.
// The Node build, named explicitly: the bundler resolution of the type checker has no 'node' condition.
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { formatWeight, parcelWeightGrams } from '@shop/domain/dispatch';
import { formatMoney } from '@shop/domain/money';
import type { OrderAddress } from '../../db/schema.ts';

export interface ShipFrom {
  /** The neutral sender printed on the label: never the shop's goods or what it sells. */
  name: string;
  /** The return address. */
  address: string;
}

export interface DocumentLine {
  productName: string;
  colorName: string;
  size: string;
  quantity: number;
}

export interface DocumentOrder {
  orderNumber: string;
  createdAt: Date;
  totalPaise: number;
  shippingAddress: OrderAddress;
  items: DocumentLine[];
  courier: string | null;
  awb: string | null;
  /** What the courier collects at the door: the total for cash on delivery, else 0. */
  cashToCollectPaise: number;
}

/** The shop as the packing slip names it: the slip travels inside the parcel. */
const SHOP_NAME = 'Lacebloom';

/** A4 and 4 × 6 inches, in PDF points (1/72 inch). */
const A4: [number, number] = [595.28, 841.89];
const LABEL: [number, number] = [288, 432];

/**
 * The PDF standard fonts speak Windows-1252 only: the rupee sign is written 'Rs.' and any other
 * character they lack becomes '?', so a name in another script never prints as wrong letters.
 */
function printable(text: string): string {
  return text
    .replace(/₹/g, 'Rs. ')
    .replace(/[\u2212\u2013\u2014]/g, '-')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}

const money = (paise: number) => printable(formatMoney(paise));

function placedOn(date: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'long',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}

function addressLines(address: OrderAddress): string[] {
  return [
    address.addressLine1,
    address.addressLine2,
    `${address.city}, ${address.state} ${address.pinCode}`,
  ].filter((line) => line.trim() !== '');
}

/** A Code 128 barcode as a PNG, without its text (the document prints the text itself). */
function code128(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 12, includetext: false });
}

/** Writes a document and answers its bytes once pdfkit has finished it. */
async function render(
  title: string,
  draw: (doc: PDFKit.PDFDocument) => Promise<void>,
): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: title, Author: '' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  try {
    await draw(doc);
  } finally {
    doc.end();
  }
  await finished;
  return Buffer.concat(chunks);
}

/** The packing slip: who it is for and what is in the parcel, with the order's total. */
export function packingSlipPdf(order: DocumentOrder, shipFrom: ShipFrom): Promise<Buffer> {
  return render(`Packing slip ${order.orderNumber}`, async (doc) => {
    const barcode = await code128(order.orderNumber);
    const margin = 50;
    doc.addPage({ size: A4, margin });
    const width = A4[0] - margin * 2;

    doc.font('Helvetica-Bold').fontSize(22).text(SHOP_NAME);
    doc.font('Helvetica').fontSize(9).fillColor('#444').text(printable(shipFrom.address));
    doc.fillColor('#000').moveDown(1.2);
    doc.font('Helvetica-Bold').fontSize(16).text('Packing slip');
    doc.moveDown(0.4);
    doc.font('Helvetica').fontSize(11);
    doc.text(`Order number: ${printable(order.orderNumber)}`);
    doc.text(`Order date: ${placedOn(order.createdAt)}`);
    doc.image(barcode, A4[0] - margin - 180, margin, { width: 180, height: 40 });

    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(11).text('Ship to');
    doc.font('Helvetica').fontSize(11);
    doc.text(printable(order.shippingAddress.name));
    for (const line of addressLines(order.shippingAddress)) doc.text(printable(line));
    doc.text(`Phone: ${order.shippingAddress.phone}`);

    // The lines: what to put in the parcel; prices stay off the slip (a parcel may be a gift).
    doc.moveDown(1.2);
    const columns = { item: margin, colour: margin + 270, size: margin + 380, qty: margin + 450 };
    const header = (y: number) => {
      doc.font('Helvetica-Bold').fontSize(10);
      doc.text('Item', columns.item, y);
      doc.text('Colour', columns.colour, y);
      doc.text('Size', columns.size, y);
      doc.text('Qty', columns.qty, y, { width: width - 450, align: 'right' });
      doc
        .moveTo(margin, y + 14)
        .lineTo(margin + width, y + 14)
        .stroke();
      return y + 20;
    };
    let y = header(doc.y);
    doc.font('Helvetica').fontSize(10);
    let pieces = 0;
    for (const line of order.items) {
      const height = doc.heightOfString(printable(line.productName), { width: 260 });
      if (y + height > A4[1] - margin - 60) {
        doc.addPage({ size: A4, margin });
        y = header(margin);
        doc.font('Helvetica').fontSize(10);
      }
      doc.text(printable(line.productName), columns.item, y, { width: 260 });
      doc.text(printable(line.colorName), columns.colour, y, { width: 100 });
      doc.text(printable(line.size.toUpperCase()), columns.size, y, { width: 60 });
      doc.text(String(line.quantity), columns.qty, y, { width: width - 450, align: 'right' });
      y += Math.max(height, 12) + 8;
      pieces += line.quantity;
    }
    doc
      .moveTo(margin, y)
      .lineTo(margin + width, y)
      .stroke();
    doc.font('Helvetica-Bold').fontSize(11);
    doc.text(`Pieces: ${pieces}`, margin, y + 10);
    doc.text(`Order total: ${money(order.totalPaise)}`, margin, y + 10, {
      width,
      align: 'right',
    });
    doc.font('Helvetica').fontSize(9).fillColor('#444');
    doc.text(`Thank you for shopping with ${SHOP_NAME}.`, margin, y + 40, { width });
  });
}

/** How the courier is paid for the parcel's goods: paid online, or cash to collect at the door. */
export function paymentMark(order: Pick<DocumentOrder, 'cashToCollectPaise'>): string {
  return order.cashToCollectPaise > 0
    ? `COD: collect ${money(order.cashToCollectPaise)}`
    : 'PREPAID';
}

/** One 4 × 6 inch label: sender, recipient, payment mark, weight and the two barcodes. */
async function drawLabel(doc: PDFKit.PDFDocument, order: DocumentOrder, shipFrom: ShipFrom) {
  const [orderBarcode, awbBarcode] = await Promise.all([
    code128(order.orderNumber),
    order.awb ? code128(order.awb) : Promise.resolve(undefined),
  ]);
  const margin = 14;
  doc.addPage({ size: LABEL, margin });
  const width = LABEL[0] - margin * 2;
  const pieces = order.items.reduce((sum, line) => sum + line.quantity, 0);

  // Nothing on the outside names a product: the sender is the neutral name, the contents unsaid.
  doc.font('Helvetica-Bold').fontSize(7).text('FROM', margin, margin);
  doc.font('Helvetica').fontSize(8).text(printable(shipFrom.name), { width });
  doc.text(printable(shipFrom.address), { width });

  let y = doc.y + 6;
  doc
    .moveTo(margin, y)
    .lineTo(margin + width, y)
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(7)
    .text('TO', margin, y + 6);
  doc.fontSize(13).text(printable(order.shippingAddress.name), { width });
  doc.font('Helvetica').fontSize(10);
  for (const line of addressLines(order.shippingAddress)) doc.text(printable(line), { width });
  doc.font('Helvetica-Bold').fontSize(14).text(`PIN ${order.shippingAddress.pinCode}`);
  doc.font('Helvetica').fontSize(10).text(`Phone: ${order.shippingAddress.phone}`);

  y = doc.y + 6;
  doc
    .moveTo(margin, y)
    .lineTo(margin + width, y)
    .stroke();
  doc.rect(margin, y + 6, 110, 26).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(paymentMark(order), margin, y + 12, { width: 110, align: 'center' });
  doc.font('Helvetica').fontSize(9);
  doc.text(`Weight: ${formatWeight(parcelWeightGrams(pieces))}`, margin + 120, y + 8);
  doc.text(`Pieces: ${pieces}`, margin + 120, y + 20);

  y += 40;
  doc.font('Helvetica-Bold').fontSize(8).text('ORDER', margin, y);
  doc.image(orderBarcode, margin, y + 11, { width, height: 34 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(printable(order.orderNumber), margin, y + 48, { width, align: 'center' });

  y += 64;
  const courier = order.courier ? ` (${printable(order.courier)})` : '';
  doc.font('Helvetica-Bold').fontSize(8).text(`AWB${courier}`, margin, y);
  if (awbBarcode && order.awb) {
    doc.image(awbBarcode, margin, y + 11, { width, height: 40 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(printable(order.awb), margin, y + 54, { width, align: 'center' });
  } else {
    doc.rect(margin, y + 11, width, 40).stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .text('AWB pending', margin, y + 24, { width, align: 'center' });
  }
}

/** One label per order, one order per page, in the order given. */
export function labelsPdf(orders: readonly DocumentOrder[], shipFrom: ShipFrom): Promise<Buffer> {
  const title = orders.length === 1 ? `Label ${orders[0]!.orderNumber}` : 'Labels';
  return render(title, async (doc) => {
    for (const order of orders) await drawLabel(doc, order, shipFrom);
  });
}
