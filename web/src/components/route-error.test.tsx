import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { renderWithProviders } from '../test/render';
import { NOT_SAVED_OFFLINE, RouteError } from './route-error';

function Failing(): never {
  throw new Error('Unable to preload CSS for http://127.0.0.1/assets/list-tab-D8b_DnFY.css');
}

function showFailure() {
  const router = createMemoryRouter([{ path: '/', element: <Failing />, errorElement: <RouteError /> }]);
  renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('RouteError', () => {
  it('says offline that the screen is not saved on the device yet, and does not reload', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    showFailure();
    expect(screen.getByText(NOT_SAVED_OFFLINE)).toBeTruthy();
    expect(sessionStorage.getItem('stale_chunk_reload_at')).toBeNull();
  });

  it('reloads once online, when a screen’s files could not be fetched', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    showFailure();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(NOT_SAVED_OFFLINE)).toBeNull();
  });
});
