import type { TPdfFile } from '@app/domain/schemas/sales';
import { downloadBlob } from '../../../lib/csv';

/** The PDF bytes of a base64 string (whitespace and a data: prefix tolerated). */
export function base64ToBlob(base64: string, type = 'application/pdf'): Blob {
  const clean = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** A file name that ends in .pdf, whatever the server sent. */
export function pdfFilename(filename: string | null | undefined, fallback: string): string {
  const name = filename?.trim() || fallback;
  return name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
}

export function downloadPdf(file: TPdfFile, fallbackName: string): void {
  downloadBlob(pdfFilename(file.filename, fallbackName), base64ToBlob(file.pdf_base64));
}

/**
 * Prints the PDF through a hidden frame (the browser's PDF viewer prints it); where the frame
 * cannot print, the PDF opens in a new tab for the user to print from there.
 */
export function printPdf(file: TPdfFile): void {
  const url = URL.createObjectURL(base64ToBlob(file.pdf_base64));
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.title = 'Receipt to print';
  frame.src = url;
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
    // The print dialog holds the frame while open; a minute is plenty for it to take the document.
    setTimeout(() => {
      frame.remove();
      URL.revokeObjectURL(url);
    }, 60_000);
  };
  document.body.appendChild(frame);
}
