import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { RouteError } from '../components/route-error';
import type { TSectionHandle, TSectionId } from '../lib/sections';

const landing = () => import('../features/auth/landing-page').then((m) => ({ Component: m.LandingPage }));

/** A section route: the shell wraps it in the lock screen and the permission guard of its section. */
const sectionRoute = (path: string, section: TSectionId, lazy: RouteObject['lazy']): RouteObject => ({
  path,
  handle: { section } satisfies TSectionHandle,
  lazy,
});

const restock = () => import('../features/restock/restock-page').then((m) => ({ Component: m.RestockPage }));
const expenses = () =>
  import('../features/expenses/expenses-page').then((m) => ({ Component: m.ExpensesPage }));
const movements = () =>
  import('../features/movements/movements-page').then((m) => ({ Component: m.MovementsPage }));
const requisitions = () =>
  import('../features/requisitions/requisitions-page').then((m) => ({ Component: m.RequisitionsPage }));

const adminReview = () =>
  import('../features/admin-review/admin-review-page').then((m) => ({ Component: m.AdminReviewPage }));

const vendors = () => import('../features/vendors/vendors-page').then((m) => ({ Component: m.VendorsPage }));

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, lazy: landing },
      { path: 'landing', lazy: landing },
      // Login and registration load without Mantine or TanStack Query: the first screens stay small.
      {
        path: 'login',
        lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'register',
        lazy: () => import('../features/auth/register-page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        lazy: () => import('./public-layout').then((m) => ({ Component: m.PublicLayout })),
        children: [
          // The public marketplace: approved products of approved vendors, for anyone.
          {
            path: 'marketplace',
            lazy: () =>
              import('../features/marketplace/marketplace-page').then((m) => ({
                Component: m.MarketplacePage,
              })),
          },
          // A receipt or proforma shared on WhatsApp: opened without signing in, nothing of the dashboard.
          {
            path: 'd/:token',
            lazy: () =>
              import('../features/shared-document/shared-document-page').then((m) => ({
                Component: m.SharedDocumentPage,
              })),
          },
        ],
      },
      {
        lazy: () => import('./app-layout').then((m) => ({ Component: m.AppLayout })),
        children: [
          {
            path: 'dashboard',
            handle: { section: 'dashboard' } satisfies TSectionHandle,
            lazy: () => import('./dashboard-route').then((m) => ({ Component: m.DashboardRoute })),
          },
          {
            path: 'dashboard/inventory',
            handle: { section: 'inventory' } satisfies TSectionHandle,
            lazy: () =>
              import('../features/inventory/inventory-page').then((m) => ({ Component: m.InventoryPage })),
          },
          sectionRoute('dashboard/restock', 'restock', restock),
          sectionRoute('dashboard/expenses', 'expenses', expenses),
          sectionRoute('dashboard/requisitions', 'requisitions', requisitions),
          sectionRoute('dashboard/b2b-movement', 'b2b-movement', movements),
          sectionRoute('dashboard/admin-review', 'admin-review', adminReview),
          sectionRoute('dashboard/vendors', 'vendors', vendors),
          {
            path: 'dashboard/sales',
            handle: { section: 'sales' } satisfies TSectionHandle,
            lazy: () => import('../features/sales/sales-page').then((m) => ({ Component: m.SalesPage })),
          },
          {
            path: 'dashboard/customers',
            handle: { section: 'customers' } satisfies TSectionHandle,
            lazy: () =>
              import('../features/customers/customers-page').then((m) => ({ Component: m.CustomersPage })),
          },
          {
            path: 'dashboard/settings',
            handle: { section: 'settings' } satisfies TSectionHandle,
            lazy: () =>
              import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
          },
          {
            path: 'dashboard/vendor-admin',
            handle: { section: 'vendor-admin' } satisfies TSectionHandle,
            lazy: () =>
              import('../features/vendor-admin/vendor-admin-page').then((m) => ({
                Component: m.VendorAdminPage,
              })),
          },
          // An unknown page id falls back to the dashboard.
          { path: 'dashboard/:page', element: <Navigate to="/dashboard" replace /> },
          // Top-level routes of spec 1 §2 for the sections of document 3.
          sectionRoute('restock', 'restock', restock),
          sectionRoute('expenses', 'expenses', expenses),
          sectionRoute('requisitions', 'requisitions', requisitions),
          sectionRoute('b2b-movement', 'b2b-movement', movements),
          // Spec 1 §2: the vendor screens' own routes open the Vendors section on their tab.
          sectionRoute('vendor-registration', 'vendors', vendors),
          sectionRoute('vendor-product-upload', 'vendors', vendors),
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
