/** The platform admin code the journeys' server runs with (Vendor Admin opens only with one). */
export const E2E_ADMIN_ACCESS_CODE = 'e2e-admin-code-2026';
