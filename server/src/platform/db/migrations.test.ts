/**
 * Migrations that move data, tried on data of the shape they migrate: the database is migrated up to
 * the one before, filled as the code of that time wrote it, then migrated to the end.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const scratch = mkdtempSync(path.join(tmpdir(), 'migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the migrations that stops before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = path.join(scratch, tag);
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/** A database migrated up to the one before `tag`, filled by `data` as the code of that time wrote it, then migrated to the end. */
async function migratedThrough(tag: string, data: string): Promise<PGlite> {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: migrationsBefore(tag) });
  await client.exec(data);
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return client;
}

describe('0012: purchases as a header with lines, payments in one table', () => {
  it('makes each restock batch one purchase, keeps the rows’ ids as its lines’ and moves every payment', async () => {
    const client = await migratedThrough(
      '0012_payables_purchase_lines',
      `
      insert into tenants (id, name) values (1, 'Ada Stores');
      insert into users (id, tenant_id, role, name, email, password_hash) values (1, 1, 'md', 'Ada', 'ada@example.com', 'x');
      insert into warehouses (id, tenant_id, name) values (1, 1, 'Main');
      insert into items (id, tenant_id, warehouse_id, name, price_kobo) values (1, 1, 1, 'Rice', 100), (2, 1, 1, 'Beans', 100);
      -- A batch of two lines paid in part, then paid on one of its rows; a purchase alone; a batch whose
      -- second row was deleted by itself.
      insert into purchases (id, tenant_id, item_id, warehouse_id, batch_id, supplier_name, quantity, unit_price_kobo,
        total_kobo, amount_paid_kobo, purchase_date, payment_status, payment_method, deleted_at, deleted_by) values
        (10, 1, 1, 1, 'b1', 'Mama Ngozi', 10, 30000, 300000, 131081, '2026-11-20', 'partial', 'cash', null, null),
        (11, 1, 2, 1, 'b1', 'Mama Ngozi', 7, 10000, 70000, 70000, '2026-11-20', 'paid', 'cash', null, null),
        (12, 1, 1, 1, null, 'Chi', 5, 1000, 5000, 0, '2026-11-21', 'credit', 'transfer', null, null),
        (13, 1, 1, 1, 'b2', 'Obi', 1, 1000, 1000, 1000, '2026-11-22', 'paid', 'cash', null, null),
        (14, 1, 2, 1, 'b2', 'Obi', 2, 1000, 2000, 2000, '2026-11-22', 'paid', 'cash', '2026-11-23', 1);
      select setval('purchases_id_seq', 14);
      insert into purchase_payments (tenant_id, purchase_id, amount_kobo, payment_method, payment_date) values
        (1, 10, 50000, 'transfer', '2026-11-21'), (1, 11, 18919, 'cash', '2026-11-21');
    `,
    );

    const heads = await client.query<{
      id: number;
      total_kobo: string;
      amount_paid_kobo: string;
      payment_status: string;
      deleted_by: number | null;
    }>('select id, total_kobo, amount_paid_kobo, payment_status, deleted_by from purchases order by id');
    expect(
      heads.rows.map((h) => [
        h.id,
        Number(h.total_kobo),
        Number(h.amount_paid_kobo),
        h.payment_status,
        h.deleted_by,
      ]),
    ).toEqual([
      [10, 370_000, 201_081, 'partial', null],
      [12, 5_000, 0, 'credit', null],
      [13, 1_000, 1_000, 'paid', null],
      [14, 2_000, 2_000, 'paid', 1],
    ]);
    const lines = await client.query<{ id: number; purchase_id: number; item_id: number }>(
      'select id, purchase_id, item_id from purchase_lines order by id',
    );
    expect(lines.rows.map((l) => [l.id, l.purchase_id, l.item_id])).toEqual([
      [10, 10, 1],
      [11, 10, 2],
      [12, 12, 1],
      [13, 13, 1],
      [14, 14, 2],
    ]);
    const payments = await client.query<{ document_type: string; document_id: number; amount_kobo: string }>(
      'select document_type, document_id, amount_kobo from payments order by id',
    );
    expect(payments.rows.map((p) => [p.document_type, p.document_id, Number(p.amount_kobo)])).toEqual([
      ['purchase', 10, 50_000],
      ['purchase', 10, 18_919],
    ]);
    // A line made after the migration takes an id no row had.
    const next = await client.query<{ id: number }>(
      `insert into purchase_lines (tenant_id, purchase_id, item_id, quantity, unit_price_kobo, total_kobo, amount_paid_kobo)
       values (1, 12, 1, 1, 1, 1, 0) returning id`,
    );
    expect(next.rows[0]!.id).toBe(15);
    await client.close();
  });
});

describe('0014: invoices by file id', () => {
  it('names each invoice by its stored file, and keeps in the notes a text that named none', async () => {
    const fileId = '0196f0a4-0000-7000-8000-000000000001';
    const client = await migratedThrough(
      '0014_invoice_file_ids',
      `
      insert into tenants (id, name) values (1, 'Ada Stores'), (2, 'Other');
      insert into warehouses (id, tenant_id, name) values (1, 1, 'Main');
      insert into stored_files (id, tenant_id, purpose, original_name, content_type, size_bytes)
        values ('${fileId}', 1, 'restock_invoice', 'x.png', 'image/png', 1),
               ('0196f0a4-0000-7000-8000-000000000002', 2, 'restock_invoice', 'y.png', 'image/png', 1);
      insert into purchases (id, tenant_id, warehouse_id, supplier_name, total_kobo, amount_paid_kobo, purchase_date,
        payment_status, payment_method, invoice_file_url, notes) values
        (1, 1, 1, 'Chi', 100, 100, '2026-11-20', 'paid', 'cash', '/api/files/${fileId}', null),
        (2, 1, 1, 'Chi', 100, 100, '2026-11-20', 'paid', 'cash', 'https://example.com/x.pdf', 'Rice'),
        (3, 1, 1, 'Chi', 100, 100, '2026-11-20', 'paid', 'cash', '/api/files/0196f0a4-0000-7000-8000-000000000002', null),
        (4, 1, 1, 'Chi', 100, 100, '2026-11-20', 'paid', 'cash', null, null);
    `,
    );
    const rows = await client.query<{ id: number; invoice_file_id: string | null; notes: string | null }>(
      'select id, invoice_file_id, notes from purchases order by id',
    );
    expect(rows.rows.map((r) => [r.id, r.invoice_file_id, r.notes])).toEqual([
      [1, fileId, null],
      [2, null, 'Rice\nInvoice: https://example.com/x.pdf'],
      [3, null, 'Invoice: /api/files/0196f0a4-0000-7000-8000-000000000002'],
      [4, null, null],
    ]);
    await client.close();
  });
});

describe('0015: the report rollups', () => {
  it('fills the day, customer-month and item-month rollups from the live sales and their later payments', async () => {
    const client = await migratedThrough(
      '0015_sales_rollups',
      `
      insert into tenants (id, name) values (1, 'Ada Stores');
      insert into users (id, tenant_id, role, name, email, password_hash) values (1, 1, 'md', 'Ada', 'ada@example.com', 'x');
      insert into warehouses (id, tenant_id, name) values (1, 1, 'Main');
      insert into items (id, tenant_id, warehouse_id, name, price_kobo) values (1, 1, 1, 'Rice', 100);
      -- Paid cash; on credit, then paid 300 by transfer (its method became transfer); deleted.
      insert into sales (id, tenant_id, number, warehouse_id, sale_date, customer_name, subtotal_kobo, vat_rate, vat_kobo,
        discount_type, discount_value, discount_kobo, grand_total_kobo, amount_paid_kobo, payment_status, payment_method,
        deleted_at) values
        (1, 1, 1, 1, '2026-10-30', 'Ada Obi', 1000, 7.5, 75, 'none', 0, 0, 1075, 1075, 'paid', 'cash', null),
        (2, 1, 2, 1, '2026-11-02', 'ADA OBI', 1000, 0, 0, 'none', 0, 0, 1000, 300, 'partial', 'transfer', null),
        (3, 1, 3, 1, '2026-11-02', 'Emeka', 500, 0, 0, 'none', 0, 0, 500, 500, 'paid', 'cash', '2026-11-03');
      insert into payments (tenant_id, document_type, document_id, amount_kobo, payment_method, payment_date) values
        (1, 'sale', 2, 300, 'transfer', '2026-11-03');
      insert into sales_item_daily (tenant_id, item_id, sale_date, quantity, revenue_kobo) values
        (1, 1, '2026-10-30', 1, 1000), (1, 1, '2026-11-02', 1, 1000), (1, 1, '2026-11-04', 2, 2000);
    `,
    );

    const daily = await client.query<Record<string, unknown>>(
      `select sale_date::text, payment_method, sale_count, total_kobo::int, paid_kobo::int, paid_at_sale_kobo::int,
        paid_at_sale_count, owing_count, vat_kobo::int from sales_daily order by sale_date`,
    );
    expect(daily.rows).toEqual([
      {
        sale_date: '2026-10-30',
        payment_method: 'cash',
        sale_count: 1,
        total_kobo: 1075,
        paid_kobo: 1075,
        paid_at_sale_kobo: 1075,
        paid_at_sale_count: 1,
        owing_count: 0,
        vat_kobo: 75,
      },
      {
        sale_date: '2026-11-02',
        payment_method: 'transfer',
        sale_count: 1,
        total_kobo: 1000,
        paid_kobo: 300,
        paid_at_sale_kobo: 0,
        paid_at_sale_count: 0,
        owing_count: 1,
        vat_kobo: 0,
      },
    ]);
    const customers = await client.query<Record<string, unknown>>(
      `select month::text, customer_key, customer_name, sale_count, total_kobo::int from sales_customer_monthly order by month`,
    );
    expect(customers.rows).toEqual([
      {
        month: '2026-10-01',
        customer_key: 'ada obi',
        customer_name: 'Ada Obi',
        sale_count: 1,
        total_kobo: 1075,
      },
      {
        month: '2026-11-01',
        customer_key: 'ada obi',
        customer_name: 'ADA OBI',
        sale_count: 1,
        total_kobo: 1000,
      },
    ]);
    const months = await client.query<Record<string, unknown>>(
      `select month::text, quantity, revenue_kobo::int from sales_item_monthly order by month`,
    );
    expect(months.rows).toEqual([
      { month: '2026-10-01', quantity: 1, revenue_kobo: 1000 },
      { month: '2026-11-01', quantity: 3, revenue_kobo: 3000 },
    ]);
  });
});

describe('0016: the items’ first day of movement', () => {
  it('is each item’s earliest day in the daily log, and none for an item without history', async () => {
    const client = await migratedThrough(
      '0016_items_first_movement',
      `
      insert into tenants (id, name) values (1, 'Ada Stores');
      insert into warehouses (id, tenant_id, name) values (1, 1, 'Main');
      insert into items (id, tenant_id, warehouse_id, name, price_kobo) values
        (1, 1, 1, 'Rice', 100), (2, 1, 1, 'Beans', 100), (3, 1, 1, 'Garri', 100);
      insert into stock_daily (tenant_id, item_id, business_date, supplied, closing) values
        (1, 1, '2026-11-20', 5, 5), (1, 1, '2026-11-02', 1, 1), (1, 2, '2026-11-25', 3, 3);
    `,
    );
    const rows = await client.query<{ id: number; first: string | null }>(
      'select id, first_movement_date::text as first from items order by id',
    );
    expect(rows.rows).toEqual([
      { id: 1, first: '2026-11-02' },
      { id: 2, first: '2026-11-25' },
      { id: 3, first: null },
    ]);
  });
});

describe('0017: each business’s count of customers', () => {
  it('counts the customers every business has', async () => {
    const client = await migratedThrough(
      '0017_customer_counts',
      `
      insert into tenants (id, name) values (1, 'Ada Stores'), (2, 'Bola Mart'), (3, 'Chi Foods');
      insert into customers (tenant_id, name, phone) values
        (1, 'Ada', '0801'), (1, 'Obi', '0802'), (2, 'Emeka', '0803');
    `,
    );
    const rows = await client.query<{ tenant_id: number; total: number }>(
      'select tenant_id, total from customer_counts order by tenant_id',
    );
    expect(rows.rows).toEqual([
      { tenant_id: 1, total: 2 },
      { tenant_id: 2, total: 1 },
    ]);
  });
});

describe('0033: customers compared by phone key', () => {
  it('keys every customer, and keeps customers added before it who share a number in other forms', async () => {
    const client = await migratedThrough(
      '0033_customers_phone_key',
      `
      insert into tenants (id, name) values (1, 'Ada Stores');
      insert into customers (id, tenant_id, name, phone) values
        (1, 1, 'Ada', '0805 555 5555'), (2, 1, 'Ada O.', '+2348055555555'), (3, 1, 'Abroad', '+44 20 7946 0958');
    `,
    );
    const rows = await client.query<{ id: number; phone_key: string }>(
      'select id, phone_key from customers order by id',
    );
    expect(rows.rows).toEqual([
      { id: 1, phone_key: '+2348055555555' },
      { id: 2, phone_key: '+2348055555555' },
      { id: 3, phone_key: '442079460958' },
    ]);
    // A changed phone is keyed again.
    await client.exec(`update customers set phone = '0803 111 2222' where id = 3`);
    const changed = await client.query<{ phone_key: string }>('select phone_key from customers where id = 3');
    expect(changed.rows[0]!.phone_key).toBe('+2348031112222');
    await client.close();
  });
});
