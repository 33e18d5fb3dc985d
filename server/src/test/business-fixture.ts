import { expect } from 'vitest';
import { saleRequest, today } from './sales-fixtures.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TTestApp,
} from './test-app.ts';

/**
 * A Pro business with rows in most tables, made through the API: two items in two warehouses, each bought on
 * credit, one restock paid in part later, a paid sale and a credit sale paid in part later, a customer, an
 * inventory officer, an employee (expenses and sales), an expense with an uploaded invoice, a logo, and an
 * access code.
 */
export async function seedBusiness(t: TTestApp) {
  const business = await registerBusiness(t.app);
  const { md } = business;
  const post = (url: string, payload: object) => call(t.app, md, { method: 'POST', url, payload });
  await makePro(t, md);
  const tenantId: number = (await call(t.app, md, { method: 'GET', url: '/api/users/me' })).json().tenant_id;
  const stock = await createStockFixture(t.app, md, { quantity: 30 });
  const second = await createStockFixture(t.app, md, { quantity: 12 });
  expect((await post('/api/sales/batch', saleRequest(stock))).statusCode).toBe(201);
  const credit = await post(
    '/api/sales/batch',
    saleRequest(second, {
      payment_status: 'credit',
      due_date: today,
      customer_name: 'Bayo Credit',
      customer_phone: '08035550000',
    }),
  );
  expect(credit.statusCode, credit.body).toBe(201);
  const saleId = credit.json().sale_id ?? credit.json().sales?.[0]?.sale_id;
  const paid = await post(`/api/sales/${saleId}/payments`, {
    amount: 1000,
    payment_method: 'transfer',
    payment_date: today,
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  const restocked = await post(`/api/restock/${stock.purchaseId}/payments`, {
    amount: 5000,
    payment_method: 'cash',
    payment_date: today,
  });
  expect(restocked.statusCode, restocked.body).toBeLessThan(300);
  const customer = await post('/api/customers', {
    name: `Customer of ${business.name}`,
    phone: '08030000000',
  });
  expect(customer.statusCode, customer.body).toBe(201);
  const officer = await post('/api/settings/inventory-officers', {
    officer_name: 'Stores',
    officer_email: 'stores@example.com',
  });
  expect(officer.statusCode, officer.body).toBe(201);
  const employee = await createEmployee(t.app, md, ['expenses.page.access', 'sales.page.access']);
  const invoice = await call(t.app, md, {
    method: 'POST',
    url: '/api/expenses/upload-invoice',
    ...multipartBody('invoice_file', 'bill.png', PNG_BYTES),
  });
  expect(invoice.statusCode).toBe(201);
  const expense = await post('/api/expenses/json', {
    vendor_name: `Vendor of ${business.name}`,
    total_amount: 1500,
    expense_date: today,
    payment_status: 'paid',
    payment_method: 'cash',
    employee_id: employee.employeeId,
    invoice_file_url: invoice.json().invoice_file_url,
  });
  expect(expense.statusCode, expense.body).toBe(201);
  const logo = await call(t.app, md, {
    method: 'POST',
    url: '/api/sales/company/logo',
    ...multipartBody('logo_file', 'logo.png', PNG_BYTES),
  });
  expect(logo.statusCode, logo.body).toBeLessThan(300);
  const code = await call(t.app, md, {
    method: 'PUT',
    url: '/api/settings/access-code',
    payload: { code: '1357' },
  });
  expect(code.statusCode).toBe(200);
  return { ...business, tenantId, stock, second, employee, fileId: invoice.json().file_id as string };
}
