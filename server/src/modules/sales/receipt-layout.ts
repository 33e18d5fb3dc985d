import type { TDocumentSlot } from '../../platform/documents/pool.ts';
import { assertPrintable } from '../../platform/documents/limits.ts';
import { renderPdf, type TPageFormat, type TPdfPage } from '../../platform/pdf/pdf.ts';
import { bankLine, type TPrintAmount, type TPrintDocument } from './receipt-document.ts';

type TDoc = PDFKit.PDFDocument;
type TCell = {
  text: string;
  x: number;
  width: number;
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
  size?: number;
};

const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const BAND = '#eef2f6';

/** Height of a row of cells side by side. */
function rowHeight(doc: TDoc, cells: TCell[]): number {
  return Math.max(
    ...cells.map((cell) =>
      doc
        .font(cell.bold ? 'bold' : 'regular')
        .fontSize(cell.size ?? 9)
        .heightOfString(cell.text || ' ', { width: cell.width, align: cell.align ?? 'left' }),
    ),
  );
}

/**
 * Draws cells on one baseline and moves `doc.y` below the tallest; a row that does not fit above the
 * bottom margin starts the next page (else PDFKit would add a page for each cell that overflows).
 */
function row(doc: TDoc, cells: TCell[], color = INK): void {
  const height = rowHeight(doc, cells);
  if (doc.y + height > doc.page.height - doc.page.margins.bottom && doc.y > doc.page.margins.top)
    doc.addPage();
  const top = doc.y;
  for (const cell of cells) {
    doc
      .font(cell.bold ? 'bold' : 'regular')
      .fontSize(cell.size ?? 9)
      .fillColor(color)
      .text(cell.text, cell.x, top, { width: cell.width, align: cell.align ?? 'left' });
  }
  doc.x = cells[0]?.x ?? doc.x;
  doc.y = top + height;
}

/** A logo that PDFKit cannot decode (the upload was only checked by its first bytes) is left out. */
function drawLogo(doc: TDoc, logo: Buffer | null, x: number, y: number, size: number): boolean {
  if (!logo) return false;
  try {
    doc.image(logo, x, y, { fit: [size, size], align: 'center', valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

function rule(doc: TDoc, page: TPdfPage, dashed = false): void {
  const y = doc.y;
  doc.save().lineWidth(0.6).strokeColor(RULE);
  if (dashed) doc.dash(2, { space: 2 });
  doc
    .moveTo(page.margin, y)
    .lineTo(page.width - page.margin, y)
    .stroke();
  doc.restore();
  doc.y = y;
}

function drawA4(doc: TDoc, page: TPdfPage, receipt: TPrintDocument): void {
  const left = page.margin;
  const width = page.width - 2 * page.margin;
  const bottom = page.height - page.margin;
  const { company } = receipt;

  const top = doc.y;
  const logoSize = 64;
  const hasLogo = drawLogo(doc, company.logo, left, top, logoSize);
  const textLeft = hasLogo ? left + logoSize + 14 : left;
  const titleWidth = doc.font('bold').fontSize(16).widthOfString(receipt.title) + 2;
  const companyWidth = width - (textLeft - left) - titleWidth - 16;
  doc.y = top;
  row(doc, [{ text: company.name, x: textLeft, width: companyWidth, bold: true, size: 17 }]);
  for (const line of [company.address, company.phone ? `Tel: ${company.phone}` : null]) {
    if (line) row(doc, [{ text: line, x: textLeft, width: companyWidth, size: 9 }], MUTED);
  }
  const companyBottom = doc.y;
  doc.y = top;
  row(doc, [
    {
      text: receipt.title,
      x: left + width - titleWidth,
      width: titleWidth,
      align: 'right',
      bold: true,
      size: 16,
    },
  ]);
  doc.y = Math.max(companyBottom, top + (hasLogo ? logoSize : 0), doc.y) + 14;
  rule(doc, page);
  doc.y += 10;

  for (const detail of receipt.details) {
    row(doc, [
      { text: detail.label, x: left, width: 90, size: 9 },
      { text: detail.value, x: left + 90, width: width - 90, bold: true, size: 9 },
    ]);
    doc.y += 2;
  }
  doc.y += 10;

  const columns = {
    name: { x: left + 6, width: width - 318 },
    quantity: { x: left + width - 306, width: 50 },
    unitPrice: { x: left + width - 246, width: 115 },
    total: { x: left + width - 121, width: 115 },
  };
  const header = (): void => {
    const y = doc.y;
    doc.save().rect(left, y, width, 18).fill(BAND).restore();
    doc.y = y + 4;
    row(doc, [
      { text: 'Item', ...columns.name, bold: true },
      { text: 'Qty', ...columns.quantity, align: 'right', bold: true },
      { text: 'Unit price', ...columns.unitPrice, align: 'right', bold: true },
      { text: 'Amount', ...columns.total, align: 'right', bold: true },
    ]);
    doc.y = y + 22;
  };
  const ensure = (height: number, withHeader: boolean): void => {
    if (doc.y + height <= bottom) return;
    doc.addPage();
    if (withHeader) header();
  };
  const amounts = (items: TPrintAmount[]): void => {
    for (const item of items) {
      const cells: TCell[] = [
        { text: item.label, x: left + width - 300, width: 175, align: 'right', bold: item.strong },
        { text: item.value, x: left + width - 121, width: 115, align: 'right', bold: item.strong },
      ];
      ensure(rowHeight(doc, cells) + 4, false);
      row(doc, cells);
      doc.y += 4;
    }
  };

  for (const section of receipt.sections) {
    if (section.heading) {
      ensure(60, false);
      row(doc, [{ text: section.heading, x: left, width, bold: true, size: 11 }]);
      doc.y += 6;
    }
    ensure(40, false);
    header();
    for (const line of section.lines) {
      const cells: TCell[] = [
        { text: line.name, ...columns.name },
        { text: line.quantity, ...columns.quantity, align: 'right' },
        { text: line.unitPrice, ...columns.unitPrice, align: 'right' },
        { text: line.total, ...columns.total, align: 'right' },
      ];
      ensure(rowHeight(doc, cells) + 8, true);
      row(doc, cells);
      doc.y += 4;
      rule(doc, page);
      doc.y += 4;
    }
    doc.y += 4;
    amounts(section.totals);
    doc.y += 12;
  }

  if (receipt.summary) {
    ensure(70, false);
    rule(doc, page);
    doc.y += 8;
    amounts(receipt.summary);
    doc.y += 12;
  }

  const bank = bankLine(company);
  const closing: [string, string | null][] = [
    ['Notes', receipt.notes],
    ['Bank details', bank],
  ];
  for (const [label, text] of closing) {
    if (!text) continue;
    const cells: TCell[] = [
      { text: label, x: left, width: 90, bold: true },
      { text, x: left + 90, width: width - 90 },
    ];
    ensure(rowHeight(doc, cells) + 6, false);
    row(doc, cells);
    doc.y += 6;
  }
  ensure(30, false);
  doc.y += 10;
  row(doc, [{ text: receipt.closing, x: left, width, align: 'center', size: 9 }], MUTED);
}

function drawThermal(doc: TDoc, page: TPdfPage, receipt: TPrintDocument): void {
  const left = page.margin;
  const width = page.width - 2 * page.margin;
  const { company } = receipt;
  const centered = (text: string, size: number, bold = false, color = INK) =>
    row(doc, [{ text, x: left, width, align: 'center', size, bold }], color);
  const split = (label: string, value: string, bold = false, size = 8) =>
    row(doc, [
      { text: label, x: left, width: width * 0.45, size, bold },
      { text: value, x: left + width * 0.45, width: width * 0.55, align: 'right', size, bold },
    ]);
  const separator = () => {
    doc.y += 3;
    rule(doc, page, true);
    doc.y += 4;
  };

  const logoSize = 56;
  if (drawLogo(doc, company.logo, left + (width - logoSize) / 2, doc.y, logoSize)) doc.y += logoSize + 4;
  centered(company.name, 11, true);
  if (company.address) centered(company.address, 7.5, false, MUTED);
  if (company.phone) centered(`Tel: ${company.phone}`, 7.5, false, MUTED);
  doc.y += 4;
  centered(receipt.title, 10, true);
  separator();
  for (const detail of receipt.details) split(detail.label, detail.value);
  separator();

  for (const section of receipt.sections) {
    if (section.heading) {
      row(doc, [{ text: section.heading, x: left, width, bold: true, size: 8 }]);
      doc.y += 2;
    }
    for (const line of section.lines) {
      row(doc, [{ text: line.name, x: left, width, size: 8 }]);
      split(`${line.quantity} x ${line.unitPrice}`, line.total, false, 7.5);
      doc.y += 2;
    }
    separator();
    for (const item of section.totals) split(item.label, item.value, item.strong);
    separator();
  }
  if (receipt.summary) {
    for (const item of receipt.summary) split(item.label, item.value, item.strong);
    separator();
  }
  if (receipt.notes) {
    row(doc, [{ text: receipt.notes, x: left, width, size: 7.5 }]);
    separator();
  }
  const bank = bankLine(company);
  if (bank) {
    centered('Bank details', 7.5, true);
    centered(bank, 7.5);
    doc.y += 4;
  }
  centered(receipt.closing, 7.5, false, MUTED);
}

/**
 * The printed receipt or proforma: A4, or an 80 mm thermal roll with the height of its content. Pure and
 * synchronous work for a long document: requests print through `printReceiptPdf`, which runs it on a worker.
 */
export function renderReceiptPdf(receipt: TPrintDocument, format: TPageFormat): Promise<Buffer> {
  const title = `${receipt.title === 'RECEIPT' ? 'Receipt' : 'Proforma invoice'} - ${receipt.company.name}`;
  return renderPdf(format, title, (doc, page) =>
    format === 'A4' ? drawA4(doc, page, receipt) : drawThermal(doc, page, receipt),
  );
}

/**
 * The receipt or proforma PDF, built on a document worker (platform/documents) in the request's slot:
 * refused (422) past the printable lines.
 */
export function printReceiptPdf(
  slot: TDocumentSlot,
  receipt: TPrintDocument,
  format: TPageFormat,
): Promise<Buffer> {
  const lines = receipt.sections.reduce((sum, section) => sum + section.lines.length, 0);
  if (receipt.title === 'RECEIPT') assertPrintable(lines, 'receipt', 'Print its sales one at a time.');
  else assertPrintable(lines, 'proforma invoice', 'Split it into smaller proforma invoices.');
  return slot.build({ module: import.meta.url, name: 'renderReceiptPdf', args: [receipt, format] });
}
