import { AUDIT_KINDS, type TAuditEntry, type TAuditKind } from '@app/domain/schemas/audit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client.ts';
import { planPayments } from '../../platform/db/schema/index.ts';
import { salesApi, saleRequest, today } from '../../test/sales-fixtures.ts';
import {
  multipart,
  png,
  product,
  registration,
  REQUIRED_DOCUMENTS,
} from '../vendors/testing/vendor-forms.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  daysAgo,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
const ADMIN_CODE = 'audit-admin-code';
beforeAll(async () => {
  t = await createTestApp({ config: { adminAccessCode: ADMIN_CODE } });
});
afterAll(() => t.close());

const { post, get, del, proShop } = salesApi(() => t);
const send = (session: TSession, method: 'PUT' | 'PATCH', url: string, payload: object) =>
  call(t.app, session, { method, url, payload });

async function auditOf(md: TSession, query = ''): Promise<TAuditEntry[]> {
  const res = await get(md, `/api/audit?limit=200${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().entries;
}

/** Runs a change and answers the entries it added (newest first). */
async function entriesAddedBy(md: TSession, change: () => Promise<{ statusCode: number; body: string }>) {
  const [latest] = await auditOf(md);
  const res = await change();
  expect(res.statusCode, res.body).toBeLessThan(300);
  const after = await auditOf(md);
  return after.filter((entry) => entry.id > (latest?.id ?? 0));
}

describe('the audit trail', () => {
  it('keeps exactly one entry for each kind of change, with who, what and the values before and after', async () => {
    const shop = await proShop(20, 1500);
    const { md } = shop;
    const seen = new Map<TAuditKind, TAuditEntry>();
    const expectOne = async (
      kind: TAuditKind,
      change: () => Promise<{ statusCode: number; body: string }>,
    ) => {
      const added = await entriesAddedBy(md, change);
      expect(added.filter((entry) => entry.kind === kind)).toHaveLength(1);
      const entry = added.find((e) => e.kind === kind)!;
      expect(entry.user_id).toBe(md.userId);
      expect(entry.user_name).toBe(md.username);
      seen.set(kind, entry);
      return entry;
    };

    const registered = (await auditOf(md, '&kind=business.registered'))[0]!;
    expect(registered).toMatchObject({ record_type: 'business', after: { business_name: md.username } });
    seen.set('business.registered', registered);
    seen.set('warehouse.created', (await auditOf(md, '&kind=warehouse.created'))[0]!);
    seen.set('item.created', (await auditOf(md, '&kind=item.created'))[0]!);
    expect(seen.get('item.created')).toMatchObject({ record_id: String(shop.itemId) });

    const employee = await expectOne('employee.created', () =>
      post(md, '/api/dashboard/create-employee', {
        name: 'Bola',
        email: `bola-${Date.now()}@example.com`,
        password: 'bola password',
      }),
    );
    expect(JSON.stringify(employee.after)).not.toContain('bola password');
    const employeeId = employee.record_id;
    const grants = await expectOne('employee.permissions_changed', () =>
      post(md, `/api/settings/employee-permissions/${employeeId}`, [
        { resource_key: 'sales.page.access', can_access: true },
      ]),
    );
    expect(grants).toMatchObject({
      before: { permissions: [] },
      after: { permissions: ['sales.page.access'] },
    });
    await expectOne('employee.warehouses_changed', () =>
      post(md, `/api/settings/employee-warehouses/${employeeId}`, [
        { warehouse_id: shop.warehouseId, can_access: true },
      ]),
    );
    const code = await expectOne('access_code.changed', () =>
      send(md, 'PUT', '/api/settings/access-code', { code: '4321' }),
    );
    expect(JSON.stringify(code)).not.toContain('4321');
    const employeeEmail = (employee.after as { email: string }).email;
    const passwordChanged = await expectOne('account.password_changed', () =>
      post(md, '/api/settings/change-password', {
        email: employeeEmail,
        access_code: '4321',
        new_password: 'bola new password',
      }),
    );
    expect(JSON.stringify(passwordChanged)).not.toContain('bola new password');
    await expectOne('employee.removed', () =>
      post(md, '/api/settings/delete-account', {
        account_type: 'employee',
        email: employeeEmail,
        password: 'correct horse battery',
        name_value: 'Bola',
      }),
    );
    await expectOne('warehouse.access_changed', () =>
      send(md, 'PUT', `/api/warehouses/${shop.warehouseId}/access`, { access_all: true }),
    );
    const company = await expectOne('company.updated', () =>
      send(md, 'PUT', '/api/sales/company', { tenant_name: 'Mama Put Provisions', bank_name: 'GTBank' }),
    );
    expect(company.after).toMatchObject({ tenant_name: 'Mama Put Provisions', bank_name: 'GTBank' });
    await expectOne('company.logo_changed', () =>
      call(t.app, md, {
        method: 'POST',
        url: '/api/sales/company/logo',
        ...multipartBody('logo_file', 'logo.png', PNG_BYTES),
      }),
    );

    const customer = await expectOne('customer.created', () =>
      post(md, '/api/customers', { name: 'Ada', phone: '08030000001' }),
    );
    const updated = await expectOne('customer.updated', () =>
      send(md, 'PUT', `/api/customers/${customer.record_id}`, { name: 'Ada Obi', phone: '08030000001' }),
    );
    expect(updated).toMatchObject({ before: { name: 'Ada' }, after: { name: 'Ada Obi' } });
    await expectOne('customer.deleted', () => del(md, `/api/customers/${customer.record_id}`));

    await expectOne('stock.returned', () =>
      post(md, '/api/inventory/return-item', {
        item_id: shop.itemId,
        return_quantity: 2,
        selected_date: today,
        access_code: '4321',
      }),
    );
    const corrected = await expectOne('stock.corrected', () =>
      send(md, 'PATCH', `/api/inventory/update/${shop.itemId}`, { log_date: today, supplied_quantity: 25 }),
    );
    expect(corrected).toMatchObject({ before: { supplied: 20 }, after: { supplied: 25 } });
    const price = await expectOne('item.price_changed', () =>
      post(md, '/api/restock/price-bulk-update', {
        warehouse_name: shop.warehouse,
        updates: [{ item_id: shop.itemId, new_price: 2100 }],
      }),
    );
    expect(price).toMatchObject({ before: { price: 1500 }, after: { price: 2100 } });

    const restocked = await expectOne('purchase.created', () =>
      post(md, '/api/restock/batch', {
        supplier_name: 'Mama Ngozi',
        purchase_date: today,
        warehouse_name: shop.warehouse,
        payment_status: 'credit',
        payment_method: 'transfer',
        due_date: today,
        items: [{ item_id: shop.itemId, quantity: 5, unit_price: 1000 }],
      }),
    );
    expect(restocked.after).toMatchObject({
      total: 5000,
      amount_paid: 0,
      lines: [{ supplied_quantity: 5, total_price_paid: 5000 }],
    });
    // The restock API names a purchase by its line (purchase_id); the trail keeps the purchase.
    const lineId = (restocked.after as { lines: { purchase_id: number }[] }).lines[0]!.purchase_id;
    const purchasePaid = await expectOne('purchase.payment_added', () =>
      post(md, `/api/restock/${lineId}/payments`, {
        amount: 1000.5,
        payment_method: 'cash',
        payment_date: today,
      }),
    );
    expect(purchasePaid).toMatchObject({
      before: { amount_paid: 0, payment_status: 'credit' },
      after: { amount_paid: 1000.5, payment_status: 'partial', payment: { amount: 1000.5 } },
    });
    await expectOne('purchase.deleted', () =>
      call(t.app, md, {
        method: 'DELETE',
        url: `/api/restock/delete-by-id-date?purchase_id=${lineId}&purchase_date=${today}`,
      }),
    );

    const sold = await expectOne('sale.created', () =>
      post(md, '/api/sales/batch', saleRequest(shop, { payment_status: 'credit', due_date: today })),
    );
    expect(sold.after).toMatchObject({ sale_number: 1, grand_total: 4300, payment_status: 'credit' });
    const salePaid = await expectOne('sale.payment_added', () =>
      post(md, `/api/sales/${sold.record_id}/payments`, {
        amount: 4300,
        payment_method: 'transfer',
        payment_date: today,
      }),
    );
    expect(salePaid).toMatchObject({ before: { outstanding: 4300 }, after: { payment_status: 'paid' } });
    await expectOne('sale.deleted', () => del(md, `/api/sales/${sold.record_id}`));

    const proforma = await expectOne('proforma.created', () =>
      post(md, '/api/sales/proforma', {
        customer_name: 'Chidi',
        warehouse_name: shop.warehouse,
        items: [{ item_id: shop.itemId, quantity: 1, unit_price: 2100, warehouse_name: shop.warehouse }],
      }),
    );
    await call(t.app, md, {
      method: 'POST',
      url: `/api/sales/proforma/${proforma.record_id}/upload-invoice`,
      ...multipartBody('invoice_file', 'po.png', PNG_BYTES),
    });
    const converted = await expectOne('proforma.converted', () =>
      post(md, `/api/sales/proforma/${proforma.record_id}/convert`),
    );
    expect(converted.after).toMatchObject({ status: 'converted', sale_number: 2 });
    // A converted proforma stays (its sale came from it); a pending one may go.
    const quote = await expectOne('proforma.created', () =>
      post(md, '/api/sales/proforma', {
        customer_name: 'Chidi',
        warehouse_name: shop.warehouse,
        items: [{ item_id: shop.itemId, quantity: 1, unit_price: 2100, warehouse_name: shop.warehouse }],
      }),
    );
    await expectOne('proforma.deleted', () => del(md, `/api/sales/proforma/${quote.record_id}`));
    await expectOne('item.deleted', () => del(md, `/api/inventory/item/${shop.itemId}`));

    const spent = await expectOne('expense.created', () =>
      post(md, '/api/expenses/json', {
        vendor_name: 'Ikeja Electric',
        total_amount: 900,
        expense_date: today,
        payment_status: 'credit',
        payment_method: 'cash',
        due_date: today,
      }),
    );
    expect(spent.after).toMatchObject({ total_amount: 900, amount_paid: 0, payment_status: 'credit' });
    const expenseEdited = await expectOne('expense.updated', () =>
      send(md, 'PUT', `/api/expenses/${spent.record_id}`, { total_amount: 1000 }),
    );
    expect(expenseEdited).toMatchObject({ before: { total_amount: 900 }, after: { total_amount: 1000 } });
    const expensePaid = await expectOne('expense.payment_added', () =>
      post(md, '/api/expenses/payments', {
        expense_id: Number(spent.record_id),
        amount: 400,
        payment_method: 'cash',
        payment_date: today,
      }),
    );
    expect(expensePaid).toMatchObject({ after: { amount_paid: 400, outstanding: 600 } });
    await expectOne('expense.deleted', () => del(md, `/api/expenses/${spent.record_id}`));

    const officer = await expectOne('officer.created', () =>
      post(md, '/api/settings/inventory-officers', {
        officer_name: 'Bola',
        officer_email: 'bola@example.com',
      }),
    );
    await expectOne('officer.updated', () =>
      send(md, 'PUT', `/api/settings/inventory-officers/${officer.record_id}`, {
        officer_name: 'Bola Ade',
        officer_email: 'bola@example.com',
      }),
    );
    await expectOne('officer.deleted', () =>
      del(md, `/api/settings/inventory-officers/${officer.record_id}`),
    );

    const stocked = await createStockFixture(t.app, md, { quantity: 5 });
    const ask = () =>
      post(md, '/api/requisitions/batch', {
        warehouse_name: stocked.warehouse,
        reason: 'Kitchen',
        items: [{ item: stocked.item, quantity: 2 }],
      });
    const requisition = await expectOne('requisition.created', ask);
    await expectOne('requisition.updated', () =>
      send(md, 'PUT', `/api/requisitions/${requisition.record_id}`, {
        warehouse_name: stocked.warehouse,
        item: stocked.item,
        quantity: 3,
        reason: 'Kitchen and bar',
      }),
    );
    await expectOne('requisition.remarked', () =>
      send(md, 'PUT', `/api/requisitions/${requisition.record_id}/remark`, { remark: 'Collect at 9am' }),
    );
    const approved = await expectOne('requisition.approved', () =>
      post(md, `/api/requisitions/${requisition.record_id}/approve`),
    );
    expect(approved).toMatchObject({
      before: { status: 'Pending' },
      after: { status: 'Approved', quantity: 3 },
    });
    await expectOne('requisition.deleted', () => del(md, `/api/requisitions/${requisition.record_id}`));
    const second = (await ask()).json().requisitions[0].requisition_id as number;
    await expectOne('requisition.rejected', () => post(md, `/api/requisitions/${second}/reject`));

    const moved = await expectOne('movement.recorded', () =>
      post(md, '/api/b2b/transfer/stockout', {
        source_warehouse: stocked.warehouse,
        item_name: stocked.item,
        quantity: 1,
        issued_by: 'Bola',
        notes: 'Wet bag',
      }),
    );
    expect(moved.after).toMatchObject({ transfer_type: 'stockout', quantity: 1 });

    const exported = await expectOne('business.exported', () => get(md, '/api/settings/export'));
    expect(exported).toMatchObject({ record_type: 'business', before: null });
    expect(exported.after).toMatchObject({ files: expect.any(Number), file_bytes: expect.any(Number) });
    const alerts = await expectOne('alert_settings.changed', () =>
      send(md, 'PUT', '/api/settings/alerts', {
        low_stock_enabled: false,
        daily_summary_enabled: true,
        daily_summary_hour: 7,
      }),
    );
    expect(alerts).toMatchObject({
      before: { low_stock_enabled: true, daily_summary_hour: 20 },
      after: { low_stock_enabled: false, daily_summary_hour: 7 },
    });
    const limits = await expectOne('price_limits.changed', () =>
      send(md, 'PUT', '/api/settings/price-limits', { max_discount_percent: 12.5 }),
    );
    expect(limits).toMatchObject({
      before: { max_discount_percent: null },
      after: { max_discount_percent: 12.5 },
    });
    const quoted = await post(md, '/api/sales/proforma', {
      customer_name: 'Chidi',
      warehouse_name: stocked.warehouse,
      items: [{ item_id: stocked.itemId, quantity: 1, unit_price: 2100 }],
    });
    const quotedId = quoted.json().proforma_id as number;
    await expectOne('document_share.created', () => post(md, `/api/sales/proforma/${quotedId}/share`));
    await expectOne('document_share.revoked', () => del(md, `/api/sales/proforma/${quotedId}/share`));

    const checkout = (await post(md, '/api/dashboard/initialize-payment?plan_key=monthly_pro')).json();
    const activated = await expectOne('plan.activated', async () => {
      await t.app.inject({
        method: 'POST',
        url: `/api/billing/test-checkout/${checkout.reference}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'confirm=pay',
      });
      return get(md, `/api/dashboard/verify-payment?reference=${checkout.reference}`);
    });
    expect(activated.after).toMatchObject({ plan: 'pro', plan_key: 'monthly_pro', amount: 15_000 });
    await expectOne('plan.renewal_cancelled', () =>
      send(md, 'PUT', '/api/billing/renewal', { auto_renew: false }),
    );
    await expectOne('plan.renewal_resumed', () =>
      send(md, 'PUT', '/api/billing/renewal', { auto_renew: true }),
    );
    const leftOpen = (await post(md, '/api/dashboard/initialize-payment?plan_key=yearly')).json();
    await t.database.db
      .update(planPayments)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(planPayments.reference, leftOpen.reference));
    const abandoned = await expectOne('plan.checkout_abandoned', async () => {
      await t.app.planRenewer.run();
      return get(md, '/api/billing/payments');
    });
    expect(abandoned).toMatchObject({
      record_type: 'plan',
      record_id: leftOpen.reference,
      before: { status: 'pending' },
      after: { status: 'abandoned', plan_key: 'yearly', amount: 180_000 },
    });

    const testCode = (await post(md, '/api/settings/mono/test-code', { test_account_key: 'gtb-1' })).json();
    const linked = await expectOne('linked_account.linked', () =>
      post(md, '/api/settings/mono/link', { code: testCode.code, access_code: '4321' }),
    );
    expect(linked.after).toMatchObject({ bank_name: 'GTBank (Test)', relinked: false });
    const byTransfer = await post(
      md,
      '/api/sales/batch',
      saleRequest(stocked, {
        items: [{ item_id: stocked.itemId, quantity: 1, unit_price: 730, warehouse_name: stocked.warehouse }],
        apply_vat: false,
        payment_method: 'transfer',
      }),
    );
    expect(byTransfer.statusCode, byTransfer.body).toBe(201);
    await post(md, '/api/settings/mono/test-credits', { account_id: Number(linked.record_id), amount: 730 });
    const checked = await expectOne('sale.transfer_checked', () =>
      post(md, '/api/sales/transfer-checks', { sale_id: byTransfer.json().sale_id }),
    );
    expect(checked.after).toMatchObject({ target_type: 'sale', amount: 730, status: 'verified' });
    await expectOne('linked_account.disconnected', () =>
      del(md, `/api/settings/linked-accounts/${linked.record_id}`),
    );

    const verified = await expectOne('review.verified', () =>
      post(md, '/api/admin-review/marks', {
        record_type: 'sale',
        record_id: byTransfer.json().sale_id,
        state: 'verified',
      }),
    );
    expect(verified).toMatchObject({ record_type: 'sale', before: null, after: { state: 'verified' } });
    const [goods] = (await get(md, '/api/admin-review/unverified-purchases')).json().records;
    const flagged = await expectOne('review.flagged', () =>
      post(md, '/api/admin-review/marks', {
        record_type: 'purchase',
        record_id: goods.record_id,
        state: 'flagged',
        note: 'Supplier price looks high',
      }),
    );
    expect(flagged.after).toMatchObject({ state: 'flagged', note: 'Supplier price looks high' });
    const [flag] = (await get(md, '/api/admin-review/flags')).json().flags;
    const resolved = await expectOne('review.resolved', () =>
      send(md, 'PUT', `/api/admin-review/flags/${flag.id}/resolve`, {}),
    );
    expect(resolved).toMatchObject({ before: { resolved_at: null }, after: { state: 'flagged' } });
    expect((resolved.after as { resolved_at: string | null }).resolved_at).toBeTruthy();

    const vendor = await expectOne('vendor.registered', () =>
      call(t.app, md, {
        method: 'POST',
        url: '/api/vendors/register',
        ...multipart(registration(), REQUIRED_DOCUMENTS),
      }),
    );
    expect(vendor).toMatchObject({
      record_type: 'vendor',
      after: { name: 'Adaeze Fabrics', status: 'pending' },
    });
    const uploadProduct = () =>
      expectOne('vendor_product.uploaded', () =>
        call(t.app, md, {
          method: 'POST',
          url: '/api/vendors/products',
          ...multipart(product(), [png('images')]),
        }),
      );
    const uploaded = await uploadProduct();

    // Vendor Admin's decisions: the admin MD's own trail (docs/decisions.md), whichever business is decided.
    const unlocked = await call(t.app, md, {
      method: 'POST',
      url: '/api/vendor-admin/unlock',
      payload: { code: ADMIN_CODE },
    });
    const admin = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
      call(t.app, md, {
        method,
        url,
        headers: { 'x-admin-grant': unlocked.json().grant as string },
        payload,
      });
    await expectOne('vendor.approved', () => admin('PUT', `/api/vendors/${vendor.record_id}/approve`));
    await expectOne('vendor_product.approved', () =>
      admin('PUT', `/api/vendors/products/${uploaded.record_id}/approve`),
    );
    const toReject = await uploadProduct();
    await expectOne('vendor_product.rejected', () =>
      admin('PUT', `/api/vendors/products/${toReject.record_id}/reject`, { reason: 'Blurry photos' }),
    );
    const toDelete = await uploadProduct();
    await expectOne('vendor_product.deleted', () =>
      admin('DELETE', `/api/vendors/products/${toDelete.record_id}`, { reason: 'Duplicate listing' }),
    );
    const otherShop = (await registerBusiness(t.app)).md;
    const otherRegistration = await call(t.app, otherShop, {
      method: 'POST',
      url: '/api/vendors/register',
      ...multipart(registration(), REQUIRED_DOCUMENTS),
    });
    expect(otherRegistration.statusCode, otherRegistration.body).toBe(201);
    const [otherVendor] = (await auditOf(otherShop)).filter((e) => e.kind === 'vendor.registered');
    await expectOne('vendor.rejected', () =>
      admin('PUT', `/api/vendors/${otherVendor!.record_id}/reject`, { reason: 'Documents unreadable' }),
    );

    // The import writes its entry in the importing business, by its MD.
    const importer = await registerBusiness(t.app);
    await makePro(t, importer.md);
    const imported = await call(t.app, importer.md, {
      method: 'POST',
      url: '/api/settings/business-import',
      ...multipartBody('export_file', 'export.zip', (await get(md, '/api/settings/export')).rawPayload),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const importEntries = (await auditOf(importer.md)).filter((e) => e.kind === 'business.imported');
    expect(importEntries).toHaveLength(1);
    expect(importEntries[0]).toMatchObject({ record_type: 'business', user_id: importer.md.userId });
    seen.set('business.imported', importEntries[0]!);

    expect([...seen.keys()].sort()).toEqual([...AUDIT_KINDS].sort());
  });

  it('writes nothing for a refused change', async () => {
    const shop = await proShop(3, 1500);
    const { md } = shop;
    const clerk = await createEmployee(t.app, md, ['sales.page.access']);
    const refused = [
      () =>
        post(
          md,
          '/api/sales/batch',
          saleRequest(shop, { items: [{ ...saleRequest(shop).items[0], quantity: 9 }] }),
        ),
      () => post(md, '/api/customers', { name: '', phone: '' }),
      () => post(clerk.session, '/api/customers', { name: 'Ada', phone: '08030000001' }),
      () => del(md, '/api/sales/999999'),
      () =>
        post(md, `/api/restock/${shop.purchaseId}/payments`, {
          amount: 1_000_000,
          payment_method: 'cash',
          payment_date: today,
        }),
      () => send(md, 'PATCH', `/api/inventory/update/${shop.itemId}`, { log_date: daysAgo(2), stock_out: 1 }),
      () => send(md, 'PUT', '/api/settings/access-code', { code: '1' }),
      () =>
        post(md, '/api/admin-review/marks', { record_type: 'sale', record_id: 999_999, state: 'verified' }),
      () => post(md, '/api/admin-review/marks', { record_type: 'purchase', record_id: 1, state: 'flagged' }),
      () => send(md, 'PUT', '/api/admin-review/flags/999999/resolve', {}),
    ];
    for (const change of refused) {
      const [latest] = await auditOf(md);
      const res = await change();
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect((await auditOf(md))[0]!.id).toBe(latest!.id);
    }
  });

  it('is the MD’s alone, pages newest first, filters, and never changes', async () => {
    const shop = await proShop(20, 1500);
    const { md } = shop;
    const other = await registerBusiness(t.app);
    for (const phone of ['08030000011', '08030000012', '08030000013'])
      await post(md, '/api/customers', { name: `Customer ${phone}`, phone });

    const first = await get(md, '/api/audit?kind=customer.created&limit=2&count=true');
    expect(first.headers['x-total-count']).toBe('3');
    const page1 = first.json();
    expect(page1.entries.map((e: TAuditEntry) => e.after)).toMatchObject([
      { phone: '08030000013' },
      { phone: '08030000012' },
    ]);
    const page2 = (
      await get(md, `/api/audit?kind=customer.created&limit=2&before=${page1.next_before}`)
    ).json();
    expect(page2).toMatchObject({ entries: [{ after: { phone: '08030000011' } }], next_before: null });
    expect(await auditOf(md, `&record_type=item&record_id=${shop.itemId}`)).toHaveLength(1);
    expect(await auditOf(md, `&user_id=${md.userId}&from=${today}&to=${today}`)).not.toHaveLength(0);
    expect(await auditOf(md, `&to=${daysAgo(1)}`)).toHaveLength(0);
    expect((await get(md, '/api/audit?kind=nonsense')).statusCode).toBe(422);

    const exported = await get(md, '/api/audit/export?kind=customer.created');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,Person,Change,Record,Record ID,Before,After');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('customer.created');
    expect(lines[1]).toContain('08030000013');

    expect(await auditOf(other.md, '&kind=customer.created')).toHaveLength(0);
    const clerk = await createEmployee(t.app, md, ['admin.full_access']);
    expect((await get(clerk.session, '/api/audit')).statusCode).toBe(403);
    expect((await get(clerk.session, '/api/audit/export')).statusCode).toBe(403);

    const db = t.database.db;
    await expect(db.execute(sql`update audit_entries set kind = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_entries`)).rejects.toThrow();
    const [counted] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from audit_entries`);
    expect(counted!.n).toBeGreaterThan(0);
  });
});

describe('a sale recorded through the hot path', () => {
  it('keeps its audit entry with the number the business gave it', async () => {
    const { md } = await proShop(20, 1500);
    const stock = await createStockFixture(t.app, md, { date: daysAgo(3) });
    expect((await post(md, '/api/sales/batch', saleRequest(stock))).statusCode).toBe(201);
    const backdated = await post(md, '/api/sales/batch', saleRequest(stock, { sale_date: daysAgo(1) }));
    expect(backdated.statusCode).toBe(201);
    const sales = await auditOf(md, '&kind=sale.created');
    expect(sales.map((e) => [e.record_id, (e.after as { sale_number: number }).sale_number])).toEqual([
      [String(backdated.json().sale_id), 2],
      [expect.any(String), 1],
    ]);
    expect(await auditOf(md, `&record_type=item&record_id=${stock.itemId}`)).toHaveLength(1);
  });
});
