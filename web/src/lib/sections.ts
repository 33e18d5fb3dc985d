/**
 * The dashboard's sections (spec 1 §2 "Dashboard shell"): menu items, tiles and the permission
 * each one carries. Shared by the shell (app) and the dashboard overview tiles (features).
 */
import {
  IconArrowsExchange,
  IconBuildingStore,
  IconClipboardList,
  IconKey,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt2,
  IconSettings,
  IconShieldCheck,
  IconShoppingCart,
  IconTruckDelivery,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { hasPermission, isMdRole } from '@app/domain/permissions/check';
import type { TAuthSnapshot } from './auth-storage';

export const SECTION_IDS = [
  'dashboard',
  'sales',
  'inventory',
  'restock',
  'expenses',
  'requisitions',
  'customers',
  'admin-review',
  'b2b-movement',
  'vendors',
  'settings',
  'vendor-admin',
] as const;
export type TSectionId = (typeof SECTION_IDS)[number];

/** Route handle naming the dashboard section a route shows; the shell reads it. */
export type TSectionHandle = { section: TSectionId };

export type TSection = {
  id: TSectionId;
  name: string;
  icon: Icon;
  /** The permission key the section's guard checks; null for none. */
  permission: string | null;
  /** When true the menu lists the section only for users who hold the permission. */
  requirePermission: boolean;
  /** A key that opens the section too, for the part of it that key covers (Sales: the Report tab alone). */
  alsoOpenedBy?: string;
};

export const SECTIONS: readonly TSection[] = [
  {
    id: 'dashboard',
    name: 'Dashboard',
    icon: IconLayoutDashboard,
    permission: null,
    requirePermission: false,
  },
  {
    id: 'sales',
    name: 'Sales',
    icon: IconShoppingCart,
    permission: 'sales',
    requirePermission: false,
    // Spec 1 §6 recommends the report tab to the Accountant, who is not given the sales page.
    alsoOpenedBy: 'sales.report_tab.access',
  },
  {
    id: 'inventory',
    name: 'Inventory',
    icon: IconPackage,
    permission: 'inventory',
    requirePermission: false,
  },
  {
    id: 'restock',
    name: 'Restock',
    icon: IconTruckDelivery,
    permission: 'restock.page.access',
    requirePermission: true,
  },
  { id: 'expenses', name: 'Expenses', icon: IconReceipt2, permission: 'expenses', requirePermission: false },
  {
    id: 'requisitions',
    name: 'Requisitions',
    icon: IconClipboardList,
    permission: 'requisitions',
    requirePermission: false,
  },
  { id: 'customers', name: 'Customers', icon: IconUsers, permission: 'customers', requirePermission: false },
  {
    id: 'admin-review',
    name: 'Admin Review',
    icon: IconShieldCheck,
    permission: 'admin_review.page.access',
    requirePermission: true,
  },
  {
    id: 'b2b-movement',
    name: 'B2B Movement',
    icon: IconArrowsExchange,
    permission: 'stock_movement.page.access',
    requirePermission: true,
  },
  {
    id: 'vendors',
    name: 'Vendors',
    icon: IconBuildingStore,
    permission: 'vendors',
    requirePermission: false,
  },
  {
    id: 'settings',
    name: 'Settings',
    icon: IconSettings,
    permission: 'settings.page.access',
    requirePermission: true,
  },
  { id: 'vendor-admin', name: 'Vendor Admin', icon: IconKey, permission: null, requirePermission: false },
];

export function isSectionId(value: string | undefined): value is TSectionId {
  return (SECTION_IDS as readonly string[]).includes(value ?? '');
}

export function getSection(id: TSectionId): TSection {
  const section = SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`Unknown section ${id}`);
  return section;
}

export function sectionPath(id: TSectionId): string {
  return id === 'dashboard' ? '/dashboard' : `/dashboard/${id}`;
}

/** The menu for this user: flagged items need their permission; vendor-admin needs MD + unlock. */
export function visibleSections(auth: TAuthSnapshot): TSection[] {
  const subject = { role: auth.role, permissions: auth.permissions, permission_codes: auth.permissionCodes };
  return SECTIONS.filter((section) => {
    if (section.id === 'vendor-admin') return isMdRole(auth.role) && auth.adminUnlocked;
    if (section.requirePermission && section.permission) return hasPermission(subject, section.permission);
    return true;
  });
}
