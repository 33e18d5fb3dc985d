import { describe, expect, it } from 'vitest';
import { base64ToBlob, pdfFilename } from './pdf-file';

const PDF_HEADER = '%PDF-1.7\n';

describe('base64ToBlob', () => {
  it('turns the server base64 into the PDF bytes', async () => {
    const blob = base64ToBlob(btoa(PDF_HEADER));
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBe(PDF_HEADER.length);
    expect(new TextDecoder().decode(await blob.arrayBuffer())).toBe(PDF_HEADER);
  });

  it('keeps every byte value, not only text', async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const base64 = btoa(String.fromCharCode(...bytes));
    const blob = base64ToBlob(base64);
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...bytes]);
  });

  it('tolerates a data: prefix and line breaks', async () => {
    const encoded = btoa(PDF_HEADER);
    const blob = base64ToBlob(`data:application/pdf;base64,${encoded.slice(0, 4)}\n${encoded.slice(4)}`);
    expect(new TextDecoder().decode(await blob.arrayBuffer())).toBe(PDF_HEADER);
  });
});

describe('pdfFilename', () => {
  it('keeps a server name ending in .pdf and fixes one that does not', () => {
    expect(pdfFilename('receipt_Ada_2026-11-22.pdf', 'x.pdf')).toBe('receipt_Ada_2026-11-22.pdf');
    expect(pdfFilename('proforma_3', 'x.pdf')).toBe('proforma_3.pdf');
    expect(pdfFilename('  ', 'receipt_7.pdf')).toBe('receipt_7.pdf');
    expect(pdfFilename(null, 'receipt_7')).toBe('receipt_7.pdf');
  });
});
