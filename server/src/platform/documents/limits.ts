import { AppError } from '../errors.ts';

/**
 * The largest documents the server builds (issue 17 §2, docs/decisions.md): a printed receipt or proforma of
 * at most 2,000 lines (a sale holds at most 200; a customer's receipt for a day joins that day's sales), and
 * a spreadsheet of at most 10,000 rows (the requisitions export's own limit). Past them the caller gets 422
 * before anything is built.
 */
export const DOCUMENT_LIMITS = { printLines: 2_000, sheetRows: 10_000 } as const;

/**
 * The nice value of a document thread (worker.ts, Linux only): a long receipt or import yields the cores to
 * the request thread (the health check, other businesses' sales) whenever both want them.
 */
export const DOCUMENT_THREAD_NICE = 10;

const count = (n: number) => n.toLocaleString('en-NG');

export function assertPrintable(lines: number, what: string, advice: string): void {
  if (lines > DOCUMENT_LIMITS.printLines)
    throw new AppError(
      'unprocessable',
      `This ${what} has ${count(lines)} lines; a printed document holds at most ${count(DOCUMENT_LIMITS.printLines)}. ${advice}`,
    );
}

export function assertSheetRows(rows: number, advice: string): void {
  if (rows > DOCUMENT_LIMITS.sheetRows)
    throw new AppError(
      'unprocessable',
      `This export has ${count(rows)} rows; a spreadsheet holds at most ${count(DOCUMENT_LIMITS.sheetRows)}. ${advice}`,
    );
}
