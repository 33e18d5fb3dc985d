/** Query keys of the settings screens, one factory for the feature. */
export const settingsKeys = {
  all: ['settings'] as const,
  employees: () => [...settingsKeys.all, 'employees'] as const,
  permissionCatalogue: () => [...settingsKeys.all, 'permissions'] as const,
  employeePermissions: (employeeId: number) =>
    [...settingsKeys.all, 'employee-permissions', employeeId] as const,
  employeeWarehouses: (employeeId: number) =>
    [...settingsKeys.all, 'employee-warehouses', employeeId] as const,
  accessCode: () => [...settingsKeys.all, 'access-code'] as const,
  officers: () => [...settingsKeys.all, 'officers'] as const,
  company: () => [...settingsKeys.all, 'company'] as const,
  companyLogo: (url: string | null) => [...settingsKeys.company(), 'logo', url] as const,
};
