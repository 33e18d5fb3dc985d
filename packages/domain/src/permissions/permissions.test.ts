import { describe, expect, it } from 'vitest';
import { isCatalogueKey, PERMISSION_CATALOGUE } from './catalogue.ts';
import { hasPermission, isMdRole, permissionCodes, permissionVariants } from './check.ts';
import { ROLE_TEMPLATES } from './role-templates.ts';

describe('role templates', () => {
  it('have the sizes the spec gives', () => {
    expect(
      Object.fromEntries(Object.entries(ROLE_TEMPLATES).map(([name, keys]) => [name, keys.length])),
    ).toEqual({
      Sales: 8,
      Inventory: 5,
      Accountant: 8,
      Manager: 22,
      'Read Only': 6,
    });
  });

  it('contain only catalogue keys, once each, and never an MD-only key', () => {
    const mdOnly = new Set(
      PERMISSION_CATALOGUE.filter((p) => p.recommended_roles.includes('MD')).map((p) => p.resource_key),
    );
    for (const keys of Object.values(ROLE_TEMPLATES)) {
      expect(keys.every(isCatalogueKey)).toBe(true);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.filter((k) => mdOnly.has(k))).toEqual([]);
    }
  });

  it('follow the catalogue’s recommended roles', () => {
    const recommended = (role: string) =>
      PERMISSION_CATALOGUE.filter(
        (p) => p.recommended_roles.includes(role as never) || p.recommended_roles.includes('All'),
      ).map((p) => p.resource_key);
    expect(recommended('Sales').every((k) => ROLE_TEMPLATES.Sales.includes(k))).toBe(true);
    expect(recommended('Inventory').every((k) => ROLE_TEMPLATES.Inventory.includes(k))).toBe(true);
  });
});

describe('the catalogue', () => {
  it('has unique keys and every key the spec names', () => {
    const keys = PERMISSION_CATALOGUE.map((p) => p.resource_key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of [
      'restock.page.access',
      'admin_review.page.access',
      'stock_movement.page.access',
      'settings.page.access',
      'sales.backdate.access',
      'sales.delete_button.access',
      'sales.delete_proforma.access',
      'sales.connect_pos.access',
      'sales.invoice_override.access',
      'inventory.edit_button.access',
      'inventory.delete_button.access',
      'customers.edit.access',
      'customers.delete.access',
      'customers.export.access',
      'employees.manage.access',
      'admin.full_access',
      'requisitions.approve',
    ]) {
      expect(keys).toContain(key);
    }
  });
});

describe('hasPermission', () => {
  const employee = (permissions: string[]) => ({
    role: 'employee',
    permissions,
    permission_codes: permissionCodes(permissions),
  });

  it('passes the MD in any letter case', () => {
    expect(isMdRole('MD')).toBe(true);
    expect(hasPermission({ role: 'Md', permissions: [], permission_codes: [] }, 'anything')).toBe(true);
  });

  it('accepts a section key through its variants', () => {
    expect(permissionVariants('sales')).toEqual([
      'sales',
      'sales',
      'sales.page.access',
      'sales.access',
      'sales.view',
      'sales.page',
    ]);
    expect(hasPermission(employee(['sales.page.access']), 'sales')).toBe(true);
    expect(hasPermission(employee(['sales.page.access']), 'sales.page.access')).toBe(true);
    expect(
      hasPermission({ role: 'employee', permissions: ['sales.view'], permission_codes: [] }, 'sales'),
    ).toBe(true);
  });

  it('passes on a code in permission_codes', () => {
    expect(
      hasPermission({ role: 'employee', permissions: [], permission_codes: ['inventory'] }, 'inventory'),
    ).toBe(true);
  });

  it('denies what was not granted', () => {
    expect(hasPermission(employee(['sales.page.access']), 'restock.page.access')).toBe(false);
    expect(hasPermission(employee(['sales.page.access']), 'sales.delete_button.access')).toBe(false);
    expect(hasPermission(employee([]), 'sales')).toBe(false);
    expect(hasPermission({ role: 'user', permissions: [], permission_codes: [] }, 'dashboard')).toBe(false);
  });

  it('derives section codes from page keys only', () => {
    expect(permissionCodes(['sales.page.access', 'sales.create.access', 'restock.page.access'])).toEqual([
      'restock',
      'sales',
    ]);
  });
});

describe('admin.full_access', () => {
  it('passes every check, as "Everything the MD can do" says', () => {
    const subject = { role: 'employee', permissions: ['admin.full_access'], permission_codes: [] };
    expect(hasPermission(subject, 'sales.delete_button.access')).toBe(true);
    expect(hasPermission(subject, 'restock.delete.access')).toBe(true);
    expect(hasPermission({ ...subject, permissions: ['sales.page.access'] }, 'restock.delete.access')).toBe(
      false,
    );
  });
});
