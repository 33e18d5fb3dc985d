import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/** A4 for printers; 80 mm roll paper for thermal receipt printers. */
export type TPageFormat = 'A4' | 'thermal';

export const A4_SIZE = { width: 595.28, height: 841.89 } as const;
/** 80 mm in points (72 pt per inch, 25.4 mm per inch). */
export const THERMAL_WIDTH_PT = 226.77;
/** The largest page side PDF viewers accept (200 inches). */
const MAX_PAGE_SIDE_PT = 14_400;

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
/** DejaVu Sans has the naira sign; the built-in Helvetica prints "¦" for ₦. */
export const FONTS = {
  regular: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
} as const;

export type TPdfPage = { width: number; height: number; margin: number };
/** Draws the whole document and leaves `doc.y` at the end of what it drew. */
export type TDraw = (doc: PDFKit.PDFDocument, page: TPdfPage) => void;

function render(draw: TDraw, page: TPdfPage, title: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [page.width, page.height],
    margin: page.margin,
    info: { Title: title, Producer: 'Naira Ledger', Creator: 'Naira Ledger' },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.font('regular');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, page);
  doc.end();
  return done;
}

/**
 * Renders a PDF. A4 pages break as the drawing asks; a thermal receipt is one 80 mm page whose
 * height fits its content: drawn once on a tall page to measure, then again on a page cut to size
 * (content longer than the tallest page keeps tall pages).
 */
export async function renderPdf(format: TPageFormat, title: string, draw: TDraw): Promise<Buffer> {
  if (format === 'A4') return render(draw, { ...A4_SIZE, margin: 40 }, title);
  const margin = 10;
  let height = 0;
  await render(
    (doc, page) => {
      let pages = 1;
      doc.on('pageAdded', () => (pages += 1));
      draw(doc, page);
      height = pages > 1 ? MAX_PAGE_SIDE_PT : Math.ceil(doc.y + margin);
    },
    { width: THERMAL_WIDTH_PT, height: MAX_PAGE_SIDE_PT, margin },
    title,
  );
  return render(draw, { width: THERMAL_WIDTH_PT, height: Math.min(height, MAX_PAGE_SIDE_PT), margin }, title);
}
