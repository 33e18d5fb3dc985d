import { toCsv } from '@app/domain/csv/csv';

export { neutraliseCell, toCsv } from '@app/domain/csv/csv';

/** Builds the CSV in the browser and hands it to the user as a file. */
export function downloadCsv(
  filename: string,
  headers: readonly string[],
  rows: readonly (readonly unknown[])[],
) {
  // A byte-order mark so Excel reads ₦ and other non-ASCII text as UTF-8.
  const blob = new Blob(['\uFEFF', toCsv(headers, rows)], { type: 'text/csv;charset=utf-8' });
  downloadBlob(filename, blob);
}

/** Hands a blob (a CSV, a PDF) to the user as a file. */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
