import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { renderWithProviders } from '../test/render';
import { PermissionDenied } from './permission-denied';

/** The app opened at `start`, where /dashboard/sales is denied. */
function appAt(start: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/sales', element: <PermissionDenied account="ada@example.com" role="employee" /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [start] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('PermissionDenied', () => {
  it('goes back to the page the user came from', async () => {
    const router = appAt('/dashboard/customers');
    await act(() => router.navigate('/dashboard/sales'));
    fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/customers');
  });

  it('goes to the dashboard when the page was opened afresh, with nothing in the app to go back to', async () => {
    const router = appAt('/dashboard/sales');
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
