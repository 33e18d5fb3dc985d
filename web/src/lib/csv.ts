import Papa from 'papaparse';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab / carriage return) as a formula.
 * Prefix such cells with an apostrophe so an exported name like "=HYPERLINK(...)" stays text.
 */
export function neutraliseCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return Papa.unparse({
    fields: headers.map(neutraliseCell),
    data: rows.map((row) => row.map(neutraliseCell)),
  });
}

/** Builds the CSV in the browser and hands it to the user as a file. */
export function downloadCsv(
  filename: string,
  headers: readonly string[],
  rows: readonly (readonly unknown[])[],
) {
  // A byte-order mark so Excel reads ₦ and other non-ASCII text as UTF-8.
  const blob = new Blob(['\uFEFF', toCsv(headers, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
