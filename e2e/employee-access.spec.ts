/**
 * Journey (issue 2 §6): a business registers, its MD creates an employee and grants the Sales role
 * template; the employee signs in with the e-mailed password and sees only what was granted.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROLE_TEMPLATES } from '@app/domain/permissions/role-templates';
import { launchBrowser } from './support/browser.ts';
import {
  api,
  BASE_URL,
  createSteps,
  escapeRegExp,
  eventually,
  readOutboxMail,
  screenshot,
  uniqueId,
} from './support/harness.ts';

const id = uniqueId();
const md = { business: `Adaeze Provisions ${id}`, email: `md-${id}@e2e.example`, password: `Md-pass-${id}` };
const employee = {
  name: `Chinedu Okafor ${id}`,
  email: `chinedu-${id}@e2e.example`,
  password: `Emp-pass-${id}`,
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let mdToken = '';
let employeeId = 0;
let mailedPassword = '';
let employeeToken = '';
const pageErrors: string[] = [];

const step = createSteps({ page: () => page, label: 'journey' });
const storedToken = () => page.evaluate(() => localStorage.getItem('login_token'));
const menuLink = (name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });
const loginButton = () => page.getByRole('button', { name: /^(login|sign in)/i });

describe('MD grants an employee the Sales role; the employee sees only that', () => {
  before(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  });
  after(async () => {
    await browser?.close();
  });

  step('registers a business on the Registration page and goes to /login after 3 s', async () => {
    await page.goto('/register');
    await page.getByLabel(/business name|username/i).fill(md.business);
    await page.getByLabel(/^e-?mail/i).fill(md.email);
    await page.getByLabel(/^password/i).fill(md.password);
    await page.getByLabel(/^confirm password/i).fill(md.password);
    await page.getByRole('checkbox', { name: /terms/i }).check();
    const submitted = Date.now();
    await page.getByRole('button', { name: /create account|register|sign up/i }).click();
    await page.getByText(/registration successful/i).waitFor();
    await page.waitForURL('**/login', { timeout: 10_000 });
    const waited = Date.now() - submitted;
    assert.ok(waited >= 2_500, `redirected after ${waited} ms, expected about 3 s`);
  });

  step('a wrong password shows an error and stays on /login', async () => {
    await page.getByLabel(/username|business name/i).fill(md.business);
    await page.getByLabel(/^password/i).fill('not-the-password');
    await loginButton().click();
    const alert = page.getByRole('alert').filter({ hasText: /incorrect|invalid|failed/i });
    await alert.waitFor();
    assert.match(await alert.innerText(), /incorrect username or password|login failed/i);
    assert.match(new URL(page.url()).pathname, /^\/login$/);
    assert.equal(await storedToken(), null);
  });

  step('the MD logs in and sees the Dashboard Overview', async () => {
    await page.getByLabel(/^password/i).fill(md.password);
    await loginButton().click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
    for (const card of ['Total Sales', 'Inventory Items', 'Active Customers', 'Employees']) {
      await page.getByText(card, { exact: true }).first().waitFor();
    }
    await page.getByText(`Welcome, ${md.business}`).waitFor();
    mdToken = (await storedToken()) ?? '';
    const me = await api('/users/me', { token: mdToken });
    assert.equal(me.status, 200);
    const { role, username } = me.body as { role: string; username: string };
    assert.deepEqual({ role, username }, { role: 'md', username: md.business });
  });

  step('the MD creates an employee in the Employee Management panel', async () => {
    await page.getByRole('button', { name: 'Create Employee' }).click();
    const form = page.locator('form').filter({ has: page.getByLabel(/^name/i) });
    await form.getByLabel(/^name/i).fill(employee.name);
    await form.getByLabel(/^e-?mail/i).fill(employee.email);
    // Hidden and shown again, the form keeps what was typed.
    await page.getByRole('button', { name: 'Hide Form' }).click();
    await form.getByLabel(/^e-?mail/i).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Create Employee' }).click();
    assert.equal(await form.getByLabel(/^e-?mail/i).inputValue(), employee.email);
    await form.getByLabel(/^password/i).fill(employee.password);
    await form.getByRole('button', { name: /create/i }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Employee created. Their login details have been e-mailed to them.' })
      .waitFor();

    const row = page.getByRole('row', { name: new RegExp(escapeRegExp(employee.email)) });
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(`${escapeRegExp(employee.name)}[\\s\\S]*employee`, 'i'));

    const listed = await api('/dashboard/employees', { token: mdToken });
    assert.equal(listed.status, 200);
    const stored = (listed.body as { employee_id: number; email: string }[]).find(
      (e) => e.email === employee.email,
    );
    assert.ok(stored, 'the new employee is stored');
    employeeId = stored.employee_id;
  });

  step('the credentials e-mail goes out with the password', async () => {
    const mail = await readOutboxMail(employee.email);
    assert.match(mail, /Employee Login/);
    mailedPassword = /^Password: (\S+)$/m.exec(mail)?.[1] ?? '';
    assert.equal(mailedPassword, employee.password);
  });

  step('Settings → Manage Access: the MD applies the Sales template and saves', async () => {
    await menuLink('Settings').click();
    await page.waitForURL('**/dashboard/settings**');
    await page.getByRole('tab', { name: 'Manage Access' }).click();
    await page.getByRole('heading', { name: /manage employee access/i }).waitFor();
    await screenshot(page, 'manage-access-empty-1280x800');

    const picker = page.getByLabel(/^employee/i);
    const option = picker.locator('option', { hasText: employee.email });
    await option.waitFor({ state: 'attached' });
    await picker.selectOption({ label: (await option.innerText()).trim() });
    await page.getByRole('button', { name: 'Sales', exact: true }).click();
    await page
      .getByText(/unsaved changes/i)
      .first()
      .waitFor();
    // Another tab would drop the changes: the app asks first, and stays when told to.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('tab', { name: 'Company' }).click();
    await eventually(async () =>
      assert.deepEqual(asked, ['Discard the unsaved changes to this employee’s access?']),
    );
    assert.equal(
      await page.getByRole('tab', { name: 'Manage Access' }).getAttribute('aria-selected'),
      'true',
    );
    await page
      .getByText(/unsaved changes/i)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Permissions saved successfully.').waitFor();

    const saved = await api(`/settings/employee-permissions/${employeeId}`, { token: mdToken });
    assert.equal(saved.status, 200);
    const granted = (saved.body as { resource_key: string; can_access: boolean }[])
      .filter((g) => g.can_access)
      .map((g) => g.resource_key)
      .sort();
    assert.deepEqual(granted, [...ROLE_TEMPLATES.Sales].sort());
  });

  step('the MD logs out', async () => {
    await page.getByRole('button', { name: /^log ?out$/i }).click();
    await page.waitForURL('**/login');
    assert.equal(await storedToken(), null);
    assert.equal((await api('/users/me', { token: mdToken })).status, 401, 'the MD session is revoked');
  });

  step('the employee logs in with Employee Login and the mailed password', async () => {
    await page.getByText('Employee Login', { exact: true }).click();
    await page.getByLabel(/^e-?mail/i).fill(employee.email);
    await page.getByLabel(/^password/i).fill(mailedPassword);
    await loginButton().click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard Overview' }).waitFor();
    employeeToken = (await storedToken()) ?? '';

    const mine = await api('/auth/my-permissions', { token: employeeToken });
    assert.equal(mine.status, 200);
    assert.deepEqual(
      [...(mine.body as { permissions: string[] }).permissions].sort(),
      [...ROLE_TEMPLATES.Sales].sort(),
    );
  });

  step('the employee sees the Sales menu but not Settings, Restock or Employee Management', async () => {
    await menuLink('Sales').waitFor();
    assert.equal(await menuLink('Settings').count(), 0, 'no Settings menu item');
    assert.equal(await menuLink('Restock').count(), 0, 'no Restock menu item');
    assert.equal(await page.getByRole('button', { name: 'Create Employee' }).count(), 0);
    assert.equal(await page.getByText('Employee Management').count(), 0);
  });

  step('the Sales section guard lets the employee through', async () => {
    await menuLink('Sales').click();
    await page.waitForURL('**/dashboard/sales');
    await page.getByRole('tab', { name: 'Add Sale' }).waitFor();
    assert.equal(await page.getByText('Admin Access Required').count(), 0);
  });

  step('Settings and Restock show "Admin Access Required"', async () => {
    for (const url of ['/dashboard/settings', '/restock']) {
      await page.goto(url);
      await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
      await page.getByText(employee.email).waitFor();
      await page.getByRole('button', { name: 'Go to Dashboard' }).waitFor();
    }
    await screenshot(page, 'employee-denied-restock-1280x800');
    const denied = await api('/settings/permissions', { token: employeeToken });
    assert.equal(denied.status, 403, 'the server refuses too');
  });

  step(
    'with every key taken away, the Sales page opened afresh asks the server for nothing refused',
    async () => {
      // The MD signed out of the browser earlier: it signs in again through the API.
      const signedIn = await api('/auth/token', { form: { username: md.business, password: md.password } });
      assert.equal(signedIn.status, 200);
      const revoked = await api(`/settings/employee-permissions/${employeeId}`, {
        token: (signedIn.body as { access_token: string }).access_token,
        json: ROLE_TEMPLATES.Sales.map((resource_key) => ({ resource_key, can_access: false })),
      });
      assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
      // The device learns it as its next permission check would: what it keeps is the server's answer.
      await page.evaluate(() => localStorage.setItem('permissions', '[]'));
      const refused: string[] = [];
      const onResponse = (response: { status: () => number; url: () => string }) => {
        if (response.url().includes('/api/') && response.status() === 403) refused.push(response.url());
      };
      page.on('response', onResponse);
      await page.goto('/dashboard/sales');
      await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
      await page.waitForTimeout(500);
      page.off('response', onResponse);
      assert.deepEqual(refused, []);
    },
  );

  step('logout returns to /login and a protected URL then redirects to /login', async () => {
    await page.getByRole('button', { name: /^log ?out$/i }).click();
    await page.waitForURL('**/login');
    await page.goto('/dashboard/sales');
    await page.waitForURL('**/login');
    await loginButton().waitFor();
    assert.equal(
      (await api('/users/me', { token: employeeToken })).status,
      401,
      'the employee session is revoked',
    );
  });

  step(
    'no uncaught error in the page during the journey',
    async () => {
      assert.deepEqual(pageErrors, []);
    },
    { independent: true },
  );
});
