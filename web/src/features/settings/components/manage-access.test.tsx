import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PERMISSION_CATALOGUE } from '@app/domain/permissions/catalogue';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { unsavedChangesQuestion } from '../../../lib/unsaved-changes';
import { DISCARD_CHANGES, ManageAccess } from './manage-access';

const WAREHOUSES = [
  { warehouse_id: 1, warehouse_name: 'Main', access_all: true, can_access: true },
  { warehouse_id: 2, warehouse_name: 'Ikeja', access_all: false, can_access: false },
  { warehouse_id: 3, warehouse_name: 'Lekki', access_all: false, can_access: true },
];

beforeEach(() => {
  signInForTest();
});
afterEach(() => vi.unstubAllGlobals());

describe('Manage Access → Warehouses', () => {
  it('lists the warehouses, keeps open-to-all ones ticked, and saves the choices with the permissions', async () => {
    const server = fetchRoutes({
      'GET /settings/employees': jsonResponse(200, [
        { employee_id: 9, name: 'Ada', email: 'ada@shop.ng', role: 'employee', access_choice: null },
      ]),
      'GET /settings/permissions': jsonResponse(200, [
        {
          resource_key: 'inventory.page.access',
          name: 'Inventory page',
          description: 'Open the Inventory screen',
          category: 'inventory',
          recommended_roles: [],
        },
      ]),
      'GET /settings/employee-permissions/9': jsonResponse(200, []),
      'GET /settings/employee-warehouses/9': jsonResponse(200, WAREHOUSES),
      'POST /settings/employee-permissions/9': jsonResponse(200, { success: true }),
      'POST /settings/employee-warehouses/9': ({ body }) =>
        jsonResponse(
          200,
          WAREHOUSES.map((w) => ({
            ...w,
            can_access:
              (body as { warehouse_id: number; can_access: boolean }[]).find(
                (g) => g.warehouse_id === w.warehouse_id,
              )?.can_access ?? w.can_access,
          })),
        ),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<ManageAccess />);

    const select = await screen.findByLabelText('Employee');
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(select, { target: { value: '9' } });

    const main = (await screen.findByRole('checkbox', { name: /Main/ })) as HTMLInputElement;
    expect(main.checked).toBe(true);
    expect(main.disabled).toBe(true);
    expect(screen.getByText('Open to all employees')).toBeTruthy();
    const ikeja = screen.getByRole('checkbox', { name: 'Ikeja' }) as HTMLInputElement;
    const lekki = screen.getByRole('checkbox', { name: 'Lekki' }) as HTMLInputElement;
    expect(ikeja.checked).toBe(false);
    expect(lekki.checked).toBe(true);

    fireEvent.click(ikeja);
    fireEvent.click(lekki);
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Permissions saved successfully.')).toBeTruthy();
    const post = server.calls.find(
      (c) => c.method === 'POST' && c.url.pathname.endsWith('/employee-warehouses/9'),
    );
    expect(post!.body).toEqual([
      { warehouse_id: 2, can_access: true },
      { warehouse_id: 3, can_access: false },
    ]);
    expect(
      server.calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/employee-permissions/9')),
    ).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Ikeja' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks before another employee is chosen while changes are not saved, and keeps them when told to', async () => {
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /settings/employees': jsonResponse(200, [
          { employee_id: 9, name: 'Ada', email: 'ada@shop.ng', role: 'employee', access_choice: null },
          { employee_id: 10, name: 'Bayo', email: 'bayo@shop.ng', role: 'employee', access_choice: null },
        ]),
        'GET /settings/permissions': jsonResponse(200, []),
        'GET /settings/employee-permissions/9': jsonResponse(200, []),
        'GET /settings/employee-warehouses/9': jsonResponse(200, WAREHOUSES),
        'GET /settings/employee-permissions/10': jsonResponse(200, []),
        'GET /settings/employee-warehouses/10': jsonResponse(200, WAREHOUSES),
      }).fetch,
    );
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderWithProviders(<ManageAccess />);
    const select = (await screen.findByLabelText('Employee')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: '9' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Ikeja' }));
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    // Leaving the tab or the screen asks the same.
    expect(unsavedChangesQuestion()).toBe(DISCARD_CHANGES);

    fireEvent.change(select, { target: { value: '10' } });
    expect(confirm).toHaveBeenCalledWith(DISCARD_CHANGES);
    expect(select.value).toBe('9');
    expect((screen.getByRole('checkbox', { name: 'Ikeja' }) as HTMLInputElement).checked).toBe(true);

    confirm.mockReturnValue(true);
    fireEvent.change(select, { target: { value: '10' } });
    await waitFor(() => expect(select.value).toBe('10'));
    expect(await screen.findByText('No unsaved changes.')).toBeTruthy();
    expect(unsavedChangesQuestion()).toBeNull();
  });
});

describe('Manage Access → Permissions', () => {
  it('says beside a key when granting it changes nothing, and says nothing beside one that works', async () => {
    const catalogue = PERMISSION_CATALOGUE.filter((entry) =>
      ['employees.create.access', 'reports.export.access', 'sales.page.access'].includes(entry.resource_key),
    );
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /settings/employees': jsonResponse(200, [
          { employee_id: 9, name: 'Ada', email: 'ada@shop.ng', role: 'employee', access_choice: null },
        ]),
        'GET /settings/permissions': jsonResponse(200, catalogue),
        'GET /settings/employee-permissions/9': jsonResponse(200, []),
        'GET /settings/employee-warehouses/9': jsonResponse(200, WAREHOUSES),
      }).fetch,
    );
    renderWithProviders(<ManageAccess />);
    const select = (await screen.findByLabelText('Employee')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: '9' } });

    const note = (name: string) =>
      screen
        .getByRole('switch', { name: new RegExp(`^${name}`) })
        .closest('.mantine-Switch-root')
        ?.querySelector('.mantine-Switch-description')?.textContent;
    await screen.findByText('Create employees');
    expect(note('Create employees')).toContain(
      'Only the MD does this: granting it to an employee changes nothing.',
    );
    expect(note('Export reports')).toContain('No screen checks this yet: granting it changes nothing today.');
    expect(note('Sales page')).not.toContain('changes nothing');
  });
});
