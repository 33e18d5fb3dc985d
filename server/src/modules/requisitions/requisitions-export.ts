/** The Requisitions export (spec 3 §7): CSV or a real .xlsx, cells neutralised against formulas either way. */
import ExcelJS from 'exceljs';
import { neutraliseCell, toCsv } from '@app/domain/csv/csv';
import { BUSINESS_TIME_ZONE } from '@app/domain/dates/business-date';
import type { TRequisition } from '@app/domain/schemas/requisitions';
import { assertSheetRows } from '../../platform/documents/limits.ts';
import { documents } from '../../platform/documents/pool.ts';

const HEADERS = [
  'ID',
  'Submitted',
  'Employee',
  'Warehouse',
  'Item',
  'Quantity',
  'Reason',
  'Remark',
  'Status',
];
const ADVICE = 'Narrow the dates or the search.';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const SUBMITTED = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "2026-11-26 14:05", in Lagos time. */
const submitted = (iso: string) => SUBMITTED.format(new Date(iso)).replace(', ', ' ');

const cells = (row: TRequisition) => [
  row.requisition_id,
  submitted(row.submitted_at),
  row.employee_name ?? '',
  row.warehouse_name,
  row.item,
  row.quantity,
  row.reason,
  row.remark ?? '',
  row.status,
];

/** The .xlsx bytes of the rows: pure, run on a document worker (platform/documents). */
export async function requisitionsWorkbook(rows: readonly TRequisition[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Requisitions');
  sheet.addRow(HEADERS).font = { bold: true };
  for (const row of rows)
    sheet.addRow(cells(row).map((cell) => (typeof cell === 'number' ? cell : neutraliseCell(cell))));
  sheet.columns.forEach((column, index) => {
    column.width = [8, 18, 22, 20, 28, 10, 40, 30, 12][index] ?? 14;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The export file of the rows `load` reads. The .xlsx takes one of the business's document slots before the
 * rows are read and is built on a document worker; either format is refused past DOCUMENT_LIMITS.sheetRows.
 */
export async function requisitionsFile(
  tenantId: number,
  format: 'csv' | 'excel',
  today: string,
  load: () => Promise<readonly TRequisition[]>,
) {
  if (format === 'csv') {
    const rows = await load();
    assertSheetRows(rows.length, ADVICE);
    // A byte-order mark so Excel reads the text as UTF-8.
    const content = Buffer.from(`\uFEFF${toCsv(HEADERS, rows.map(cells))}`, 'utf8');
    return {
      content_base64: content.toString('base64'),
      content_type: 'text/csv; charset=utf-8',
      filename: `requisitions_${today}.csv`,
    };
  }
  const content = await documents.withSlot(tenantId, async (slot) => {
    const rows = await load();
    assertSheetRows(rows.length, ADVICE);
    return slot.build({ module: import.meta.url, name: 'requisitionsWorkbook', args: [rows] });
  });
  return {
    content_base64: content.toString('base64'),
    content_type: XLSX_TYPE,
    filename: `requisitions_${today}.xlsx`,
  };
}
