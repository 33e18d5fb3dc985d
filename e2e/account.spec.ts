/**
 * Journey of issue 14 (spec 1 §2 Settings → Password and Delete Account): an MD changes their password and a
 * session opened before in another browser is signed out on its next action; removes an employee (their
 * token stops, they cannot sign in); downloads the business's data (a zip of CSVs) and closes the business.
 * Both tabs and their dialogs fit a 360 px phone.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { download } from './support/downloads.ts';
import { api, createBusiness, createSteps, eventually, screenshot, uniqueId } from './support/harness.ts';
import { assertNoSidewaysScroll, logIn, phoneContext, pick } from './support/screen.ts';

const ACCESS_CODE = '482915';
const NEW_PASSWORD = 'Fresh-pass-2026';

describe('MD changes the password, removes an employee and closes the business', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let elsewhere: { context: BrowserContext; page: Page };
  let md: Awaited<ReturnType<typeof createBusiness>>;
  let token = '';
  const employee = { name: 'Bola Ade', email: `bola-${uniqueId()}@e2e.example`, password: 'Bola-pass-1' };
  let employeeToken = '';
  const pageErrors: string[] = [];
  const step = createSteps({ page: () => page, label: 'account', timeoutMs: 60_000 });

  const mdLogin = (password: string) => api('/auth/token', { form: { username: md.username, password } });
  const openTab = async (target: Page, tab: 'Password' | 'Delete Account') => {
    await target.goto(`/dashboard/settings?tab=${tab === 'Password' ? 'password' : 'delete-account'}`);
    await target.getByRole('tab', { name: tab, selected: true }).waitFor();
  };

  before(async () => {
    browser = await launchBrowser();
    md = await createBusiness('Adebayo Foods');
    const login = await mdLogin(md.password);
    assert.equal(login.status, 200);
    const apiToken = (login.body as { access_token: string }).access_token;
    const code = await api('/settings/access-code', {
      token: apiToken,
      method: 'PUT',
      json: { code: ACCESS_CODE },
    });
    assert.equal(code.status, 200);
    const created = await api('/dashboard/create-employee', { token: apiToken, json: employee });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const employeeLogin = await api('/auth/employee/token', {
      form: { email: employee.email, password: employee.password },
    });
    assert.equal(employeeLogin.status, 200);
    employeeToken = (employeeLogin.body as { access_token: string }).access_token;
  });
  after(async () => {
    assert.deepEqual(pageErrors, []);
    await browser?.close();
  });

  step('the MD is signed in twice: here, and in another browser opened before', async () => {
    ({ context, page, token } = await logIn(browser, md));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    elsewhere = await logIn(browser, md);
    assert.equal((await api('/users/me', { token })).status, 200);
  });

  step('Password: the spec’s messages, a wrong access code refused, then the password changed', async () => {
    await openTab(page, 'Password');
    const form = page.getByRole('form', { name: 'Change password' });
    // The form starts again with the caller's e-mail once it has loaded: clear it after that.
    await eventually(async () => assert.equal(await form.getByLabel(/^E-mail/).inputValue(), md.email));
    await form.getByLabel(/^E-mail/).fill('');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('All fields are required').waitFor();
    await form.getByLabel(/^E-mail/).fill(md.email);
    await form.getByLabel(/^Access code/).fill('000000');
    await form.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await form.getByLabel(/^Confirm new password/).fill(`${NEW_PASSWORD}x`);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Passwords do not match').waitFor();
    await form.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Failed to change password: Invalid access code').waitFor();
    assert.equal((await mdLogin(md.password)).status, 200, 'a refused change leaves the old password');

    await form.getByLabel(/^Access code/).fill(ACCESS_CODE);
    await screenshot(page, 'account-password-1280x800');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText(/^Password changed\. \d+ other sessions? (was|were) signed out\.$/).waitFor();
    await screenshot(page, 'account-password-done-1280x800');
    assert.equal((await mdLogin(md.password)).status, 401, 'the old password no longer works');
    assert.equal((await mdLogin(NEW_PASSWORD)).status, 200, 'the new password works');
    assert.equal((await api('/users/me', { token })).status, 200, 'this session keeps working');
  });

  step('the other browser is signed out on its next action', async () => {
    // Its next call to the server signs it out: a click, or a background refresh that came first.
    await elsewhere.page
      .getByRole('navigation')
      .getByRole('link', { name: 'Settings', exact: true })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await elsewhere.page.waitForURL('**/login');
    assert.equal(await elsewhere.page.evaluate(() => localStorage.getItem('login_token')), null);
    await elsewhere.context.close();
  });

  step('Delete Account: an employee is removed after the confirm dialog', async () => {
    md.password = NEW_PASSWORD;
    await openTab(page, 'Delete Account');
    const form = page.getByRole('form', { name: 'Delete account' });
    await pick(page, form.getByLabel('Pick an employee'), 'Bola', /Bola Ade/);
    assert.equal(await form.getByLabel(/^Employee e-mail/).inputValue(), employee.email);
    await form.getByLabel(/^Your password/).fill(NEW_PASSWORD);
    await screenshot(page, 'account-delete-employee-1280x800');
    await form.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete employee account?' });
    await dialog.getByText(/They are signed out at once/).waitFor();
    await page.waitForTimeout(400); // the modal's opening transition, for the picture only
    await screenshot(page, 'account-delete-employee-dialog-1280x800');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page
      .getByText(`${employee.name}'s account has been deleted. Their records keep their name.`)
      .waitFor();
    assert.equal((await api('/users/me', { token: employeeToken })).status, 401, 'their session ended');
    const again = await api('/auth/employee/token', {
      form: { email: employee.email, password: employee.password },
    });
    assert.equal(again.status, 401, 'they cannot sign in');
    const people = await api('/settings/employees', { token });
    assert.deepEqual(people.body, []);
  });

  step('on a 360 px phone both tabs and the dialog fit the screen', async () => {
    const phone = await phoneContext(browser, context);
    const small = await phone.newPage();
    try {
      await openTab(small, 'Password');
      await small.getByRole('form', { name: 'Change password' }).waitFor();
      await assertNoSidewaysScroll(small, 'password tab', 360);
      await screenshot(small, 'account-password-360');
      await openTab(small, 'Delete Account');
      await small.getByText('User (my whole business)').click();
      await small.getByText('This closes the business for good').waitFor();
      await assertNoSidewaysScroll(small, 'delete account tab', 360);
      await screenshot(small, 'account-delete-business-360');
      const form = small.getByRole('form', { name: 'Delete account' });
      await form.getByLabel(/^Business name/).fill(md.username);
      await form.getByLabel(/^Your password/).fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Close Business' }).click();
      const dialog = small.getByRole('dialog', { name: 'Close the business?' });
      await dialog.waitFor();
      await small.waitForTimeout(400); // the modal's opening transition, for the picture only
      await assertNoSidewaysScroll(small, 'close business dialog', 360);
      await screenshot(small, 'account-close-dialog-360');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await phone.close();
    }
  });

  step('the business data downloads as a zip of CSVs, then the business is closed', async () => {
    await openTab(page, 'Delete Account');
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByText('User (my whole business)').click();
    const zip = await download(page, () =>
      page.getByRole('button', { name: 'Download all data (.zip)' }).click(),
    );
    assert.match(zip.filename, /\.zip$/);
    const entries = unzipSync(new Uint8Array(await readFile(zip.file)));
    for (const table of ['tenants', 'users', 'sales', 'items', 'expenses', 'audit_entries'])
      assert.ok(entries[`${table}.csv`], `${table}.csv is in the export`);
    const users = strFromU8(entries['users.csv']!);
    assert.match(users, new RegExp(employee.email.replace(/[.+]/g, '\\$&')));
    assert.doesNotMatch(users, /password_hash/);
    assert.match(strFromU8(entries['tenants.csv']!), new RegExp(md.username));

    await form.getByLabel(/^Your e-mail/).fill(md.email);
    await form.getByLabel(/^Business name/).fill(md.username.toLowerCase());
    await form.getByLabel(/^Your password/).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Close Business' }).click();
    await page
      .getByRole('dialog', { name: 'Close the business?' })
      .getByRole('button', { name: 'Close business' })
      .click();
    await form.getByText(/^Failed to delete account: Type the business name exactly/).waitFor();
    assert.equal((await mdLogin(NEW_PASSWORD)).status, 200, 'a refused closing keeps the business');

    await form.getByLabel(/^Business name/).fill(md.username);
    await form.getByRole('button', { name: 'Close Business' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close the business?' });
    await dialog.waitFor();
    await page.waitForTimeout(400); // the modal's opening transition, for the picture only
    await screenshot(page, 'account-close-dialog-1280x800');
    await dialog.getByRole('button', { name: 'Close business' }).click();
    await page.waitForURL('**/login');
    assert.equal((await mdLogin(NEW_PASSWORD)).status, 401, 'the business is gone');
    assert.equal((await api('/users/me', { token })).status, 401, 'its sessions ended');
  });
});
