import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(path.join(__dirname, 'boot-script.js'), 'utf8');
const CALLS = {
  '*app': ['/api/dashboard/subscription-status'],
  '/dashboard dashboard.page.access': ['/api/dashboard/dashboard-stats'],
  '/dashboard md': ['/api/billing/renewal'],
};
const token = () => `h.${btoa(JSON.stringify({ exp: Date.now() / 1000 + 3600 }))}.s`;

/** Runs the boot script on /dashboard for a stored session; answers the calls it started. */
function bootCalls(role: string, permissions: string[]): string[] {
  window.history.replaceState(null, '', '/dashboard');
  localStorage.setItem('login_token', token());
  localStorage.setItem('role', role);
  localStorage.setItem('permissions', JSON.stringify(permissions));
  const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
  vi.stubGlobal('fetch', fetch);
  new Function(SOURCE.replace('(__ROUTES__, __CALLS__)', `({}, ${JSON.stringify(CALLS)})`))();
  return fetch.mock.calls.map((call) => String((call as unknown[])[0]));
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the boot script', () => {
  it("starts a page's calls for those who may make them, and no refused call", () => {
    expect(bootCalls('md', [])).toEqual([
      '/api/dashboard/subscription-status',
      '/api/dashboard/dashboard-stats',
      '/api/billing/renewal',
    ]);
    expect(bootCalls('employee', ['dashboard.page.access'])).toEqual([
      '/api/dashboard/subscription-status',
      '/api/dashboard/dashboard-stats',
    ]);
    expect(bootCalls('employee', ['sales.page.access'])).toEqual(['/api/dashboard/subscription-status']);
  });
});
