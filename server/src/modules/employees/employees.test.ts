import { PERMISSION_CATALOGUE } from '@app/domain/permissions/catalogue';
import { ROLE_TEMPLATES } from '@app/domain/permissions/role-templates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, userPermissions } from '../../platform/db/schema/index.ts';
import {
  call,
  createEmployee,
  createTestApp,
  loginEmployee,
  makePro,
  registerBusiness,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const createEmployeeCall = (session: Parameters<typeof call>[1], payload: Record<string, unknown>) =>
  call(t.app, session, { method: 'POST', url: '/api/dashboard/create-employee', payload });

describe('creating employees', () => {
  it('creates an employee, lists it, and queues the credentials e-mail in the outbox', async () => {
    const { md, name } = await registerBusiness(t.app);
    const res = await createEmployeeCall(md, {
      name: 'Chinedu Okafor',
      email: 'chinedu@example.com',
      password: 'initial pass',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      employee: { name: 'Chinedu Okafor', email: 'chinedu@example.com', role: 'employee' },
    });

    for (const url of ['/api/dashboard/employees', '/api/settings/employees']) {
      const list = await call(t.app, md, { method: 'GET', url });
      expect(list.json()).toEqual([
        expect.objectContaining({
          name: 'Chinedu Okafor',
          email: 'chinedu@example.com',
          role: 'employee',
          employee_id: expect.any(Number),
        }),
      ]);
    }

    const [mail] = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, 'chinedu@example.com'));
    expect(mail).toMatchObject({
      kind: 'employee_credentials',
      status: 'pending',
      subject: `Your ${name} account`,
    });
    expect(mail?.textBody).toContain('Password: initial pass');

    const employee = await loginEmployee(t.app, 'CHINEDU@example.com', 'initial pass');
    expect(employee.username).toBe('Chinedu Okafor');
  });

  it('allows one employee on the free plan and more on pro', async () => {
    const { md } = await registerBusiness(t.app);
    await createEmployee(t.app, md);
    const second = await createEmployeeCall(md, {
      name: 'Second',
      email: 'second-free@example.com',
      password: 'password 2',
    });
    expect(second.statusCode).toBe(403);
    expect(second.json().detail).toBe(
      'The free plan allows 1 employee account. Upgrade to Pro to add more employees.',
    );

    await makePro(t, md);
    const onPro = await createEmployeeCall(md, {
      name: 'Second',
      email: 'second-pro@example.com',
      password: 'password 2',
    });
    expect(onPro.statusCode).toBe(201);
  });

  it('never lets concurrent requests pass the free limit', async () => {
    const { md } = await registerBusiness(t.app);
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        createEmployeeCall(md, {
          name: `Racer ${i}`,
          email: `racer${i}-${md.userId}@example.com`,
          password: 'password 9',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403]);
    expect((await call(t.app, md, { method: 'GET', url: '/api/dashboard/employees' })).json()).toHaveLength(
      1,
    );
  });

  it('rejects a taken e-mail with 409 and bad input with 422', async () => {
    const { md, email } = await registerBusiness(t.app);
    const taken = await createEmployeeCall(md, { name: 'Dup', email, password: 'password 3' });
    expect(taken.statusCode).toBe(409);
    for (const payload of [
      {},
      { name: '', email: 'a@b.co', password: 'password 3' },
      { name: 'A', email: 'nope', password: 'password 3' },
      { name: 'A', email: 'a@b.co', password: 'x' },
    ]) {
      expect((await createEmployeeCall(md, payload)).statusCode).toBe(422);
    }
    expect((await call(t.app, md, { method: 'GET', url: '/api/dashboard/employees' })).json()).toEqual([]);
  });
});

describe('permissions', () => {
  it('serves the catalogue, and saves grants that the employee then holds', async () => {
    const { md } = await registerBusiness(t.app);
    const catalogue = await call(t.app, md, { method: 'GET', url: '/api/settings/permissions' });
    expect(catalogue.json()).toHaveLength(PERMISSION_CATALOGUE.length);
    expect(catalogue.json()[0]).toMatchObject({ resource_key: expect.any(String), name: expect.any(String) });

    const { employeeId, email, password } = await createEmployee(t.app, md);
    const empty = await call(t.app, md, {
      method: 'GET',
      url: `/api/settings/employee-permissions/${employeeId}`,
    });
    expect(empty.json()).toHaveLength(PERMISSION_CATALOGUE.length);
    expect(empty.json().every((g: { can_access: boolean }) => !g.can_access)).toBe(true);

    const grants = PERMISSION_CATALOGUE.map((p) => ({
      resource_key: p.resource_key,
      can_access: ROLE_TEMPLATES.Sales.includes(p.resource_key),
    }));
    const saved = await call(t.app, md, {
      method: 'POST',
      url: `/api/settings/employee-permissions/${employeeId}`,
      payload: grants,
    });
    expect(saved.statusCode).toBe(200);
    const stored = await t.database.db
      .select()
      .from(userPermissions)
      .where(eq(userPermissions.userId, employeeId));
    expect(stored.map((r) => r.resourceKey).sort()).toEqual([...ROLE_TEMPLATES.Sales].sort());
    const list = (await call(t.app, md, { method: 'GET', url: '/api/settings/employees' })).json();
    expect(list[0].access_choice).toBe('Sales');

    const employee = await loginEmployee(t.app, email, password);
    const mine = await call(t.app, employee, { method: 'GET', url: '/api/auth/my-permissions' });
    expect(mine.json().permissions.sort()).toEqual([...ROLE_TEMPLATES.Sales].sort());
    expect(mine.json().permission_codes).toEqual(['customers', 'dashboard', 'sales']);

    const check = (session: typeof md, user_id: number, resource_key: string) =>
      call(t.app, session, {
        method: 'GET',
        url: `/api/permissions/check?user_id=${user_id}&resource_key=${resource_key}`,
      });
    expect((await check(employee, employeeId, 'sales')).json()).toEqual({ has_permission: true });
    expect((await check(employee, employeeId, 'restock.page.access')).json()).toEqual({
      has_permission: false,
    });
    expect((await check(md, employeeId, 'customers.edit.access')).json()).toEqual({ has_permission: true });
    expect((await check(employee, md.userId, 'sales')).statusCode).toBe(403);
  });

  it('takes effect on the employee’s live session at once', async () => {
    const { md } = await registerBusiness(t.app);
    const { employeeId, session } = await createEmployee(t.app, md);
    expect((await call(t.app, session, { method: 'GET', url: '/api/settings/employees' })).statusCode).toBe(
      403,
    );
    await call(t.app, md, {
      method: 'POST',
      url: `/api/settings/employee-permissions/${employeeId}`,
      payload: { permissions: [{ resource_key: 'employees.page.access', can_access: true }] },
    });
    expect((await call(t.app, session, { method: 'GET', url: '/api/settings/employees' })).statusCode).toBe(
      200,
    );
  });

  it('refuses unknown keys and malformed grants, and changes nothing', async () => {
    const { md } = await registerBusiness(t.app);
    const { employeeId } = await createEmployee(t.app, md, ['sales.page.access']);
    const url = `/api/settings/employee-permissions/${employeeId}`;
    const unknown = await call(t.app, md, {
      method: 'POST',
      url,
      payload: [{ resource_key: 'launch.missiles', can_access: true }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('Unknown permission: launch.missiles');
    for (const payload of [{ foo: 1 }, [{ resource_key: 'sales.page.access', can_access: 'yes' }]]) {
      expect((await call(t.app, md, { method: 'POST', url, payload })).statusCode).toBe(422);
    }
    expect((await call(t.app, md, { method: 'POST', url, payload: 'text' })).statusCode).toBe(415);
    const bad = await call(t.app, md, { method: 'GET', url: '/api/settings/employee-permissions/abc' });
    expect(bad.statusCode).toBe(422);
    const stored = await t.database.db
      .select()
      .from(userPermissions)
      .where(eq(userPermissions.userId, employeeId));
    expect(stored.map((r) => r.resourceKey)).toEqual(['sales.page.access']);
  });
});
