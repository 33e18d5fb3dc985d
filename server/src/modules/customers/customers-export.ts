/**
 * The customer list as a real .xlsx (Customers → Download Excel). Phones are text cells, so a number like
 * 0803 555 1234 keeps its leading 0, which a spreadsheet opening the CSV drops.
 */
import ExcelJS from 'exceljs';
import { neutraliseCell } from '@app/domain/csv/csv';
import { assertSheetRows } from '../../platform/documents/limits.ts';
import { documents } from '../../platform/documents/pool.ts';

export const CUSTOMER_HEADERS = ['ID', 'Name', 'Phone', 'Email', 'Address', 'Created'] as const;
/** ID, name, phone, e-mail, address, the day it was added. */
export type TCustomerCells = [number, string, string, string, string, string];
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The .xlsx bytes of the rows: pure, run on a document worker (platform/documents). */
export async function customersWorkbook(rows: readonly TCustomerCells[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Customers');
  sheet.addRow([...CUSTOMER_HEADERS]).font = { bold: true };
  // A text cell is never run as a formula, so the phone is written as typed (+234… included).
  for (const [id, name, phone, email, address, created] of rows)
    sheet.addRow([id, neutraliseCell(name), phone, neutraliseCell(email), neutraliseCell(address), created]);
  sheet.getColumn(3).numFmt = '@';
  sheet.columns.forEach((column, index) => {
    column.width = [8, 28, 18, 28, 36, 12][index] ?? 14;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The .xlsx of the rows `load` reads: it takes one of the business's document slots before the rows are read,
 * is built on a document worker, and is refused past DOCUMENT_LIMITS.sheetRows.
 */
export function customersWorkbookFile(
  tenantId: number,
  load: () => Promise<TCustomerCells[]>,
): Promise<Buffer> {
  return documents.withSlot(tenantId, async (slot) => {
    const rows = await load();
    assertSheetRows(rows.length, 'Narrow the search.');
    return slot.build({ module: import.meta.url, name: 'customersWorkbook', args: [rows] });
  });
}
