/** Query keys of the dashboard overview, one factory for the feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  employees: () => [...dashboardKeys.all, 'employees'] as const,
  plans: () => [...dashboardKeys.all, 'plans'] as const,
};
