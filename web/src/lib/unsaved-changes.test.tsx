import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { unsavedChangesQuestion, useConfirmLeavingUnsaved, useUnsavedChanges } from './unsaved-changes';

const QUESTION = 'Discard the unsaved changes?';

function Shell() {
  useConfirmLeavingUnsaved();
  return (
    <>
      <Link to="/settings?tab=other">Other tab</Link>
      <Link to="/login">Signed out</Link>
      <Outlet />
    </>
  );
}

function Form() {
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty, QUESTION);
  return (
    <button type="button" onClick={() => setDirty(true)}>
      Change
    </button>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/settings', element: <Form /> },
          { path: '/login', element: <p>Sign in</p> },
        ],
      },
    ],
    { initialEntries: ['/settings?tab=access'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('leaving a form with unsaved changes', () => {
  it('goes without asking while nothing is changed', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const router = renderApp();
    fireEvent.click(await screen.findByRole('link', { name: 'Other tab' }));
    expect(router.state.location.search).toBe('?tab=other');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks first, stays when the user says no, and goes when they say yes', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const router = renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Change' }));
    expect(unsavedChangesQuestion()).toBe(QUESTION);

    fireEvent.click(screen.getByRole('link', { name: 'Other tab' }));
    expect(confirm).toHaveBeenCalledWith(QUESTION);
    expect(router.state.location.search).toBe('?tab=access');

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('link', { name: 'Other tab' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=other'));
    cleanup();
    expect(unsavedChangesQuestion()).toBeNull();
  });

  it('never holds a sign-out: the session is already gone', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const router = renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Change' }));
    fireEvent.click(screen.getByRole('link', { name: 'Signed out' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('has the browser warn before a reload or closing the tab', async () => {
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Change' }));
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
