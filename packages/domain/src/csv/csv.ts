/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab / carriage return) as a formula.
 * Such cells get an apostrophe in front so an exported name like "=HYPERLINK(...)" stays text.
 */
export function neutraliseCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
function quoteCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every CSV the product writes goes through here: neutralised against formulas, then quoted. */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [headers, ...rows]
    .map((row) => row.map((cell) => quoteCell(neutraliseCell(cell))).join(','))
    .join('\r\n');
}
