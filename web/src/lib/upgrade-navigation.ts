/**
 * "Upgrade" buttons (top bar, lock screen) go to the dashboard with this location state; the
 * dashboard then opens its plans panel 100 ms after arriving (spec 1 §2). `?plans=open` works too.
 */
export const UPGRADE_LOCATION_STATE = { showPlans: true } as const;
export const OPEN_PLANS_DELAY_MS = 100;

export function wantsPlans(state: unknown, search: string): boolean {
  if (state && typeof state === 'object' && 'showPlans' in state && state.showPlans === true) return true;
  return new URLSearchParams(search).get('plans') === 'open';
}
