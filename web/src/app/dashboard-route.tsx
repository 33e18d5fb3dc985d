import { ReviewFlagsPanel } from '../features/admin-review/review-flags-panel';
import { BillingPanel } from '../features/billing/billing-panel';
import { DashboardPage } from '../features/dashboard/dashboard-page';

/**
 * The dashboard with the plan and review panels, which their own features draw. Imported as one module, so
 * the route is one file to fetch rather than three (each a round trip on slow mobile data).
 */
export function DashboardRoute() {
  return <DashboardPage planPanel={<BillingPanel />} flagsPanel={<ReviewFlagsPanel />} />;
}
