import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { setNavigator } from '../../../lib/navigation';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { API_TEST_MESSAGES, testApiConnection } from '../api/test-api-connection';
import { ApiTestButton } from './api-test-button';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(path: string) => void>();

function signIn() {
  signInForTest();
}

const root = () => jsonResponse(200, { status: 'ok', message: 'API is running' });
const me = () =>
  jsonResponse(200, {
    user_id: 7,
    username: 'Mama Put Stores',
    email: 'md@shop.ng',
    role: 'md',
    tenant_id: 1,
    tenant_name: 'Mama Put Stores',
  });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});
afterEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  setNavigator(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('testApiConnection', () => {
  it('is connected when GET /api/ and GET /api/users/me both answer', async () => {
    fetchMock.mockResolvedValueOnce(root()).mockResolvedValueOnce(me());
    await expect(testApiConnection()).resolves.toEqual({
      status: 'connected',
      message: 'API connection and authentication successful!',
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/', '/api/users/me']);
  });

  it('is auth_failed when the session is refused (and the client sends the user to /login)', async () => {
    fetchMock
      .mockResolvedValueOnce(root())
      .mockResolvedValueOnce(jsonResponse(401, { detail: 'Not authenticated' }));
    await expect(testApiConnection()).resolves.toEqual({
      status: 'auth_failed',
      message: 'Authentication failed. Please login again.',
    });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('is partial when the API answers but /users/me fails otherwise', async () => {
    fetchMock
      .mockResolvedValueOnce(root())
      .mockResolvedValueOnce(jsonResponse(500, { detail: 'Internal server error' }));
    await expect(testApiConnection()).resolves.toEqual({
      status: 'partial',
      message: 'API connected but authentication may be required',
    });
  });

  it('is failed when the server cannot be reached, or its root fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(testApiConnection()).resolves.toEqual({
      status: 'failed',
      message: 'Cannot connect to backend server...',
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { detail: 'Service unavailable' }));
    await expect(testApiConnection()).resolves.toEqual({
      status: 'failed',
      message: 'API connection failed. Check console for details.',
    });
  });
});

describe('ApiTestButton', () => {
  it('shows testing, then the outcome, and toasts its message for 5 s', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve))).mockResolvedValueOnce(me());
    renderWithProviders(<ApiTestButton />);

    const button = screen.getByRole('button', { name: /Test API/ });
    fireEvent.click(button);
    expect(button.getAttribute('data-status')).toBe('testing');

    answer(root());
    await waitFor(() => expect(button.getAttribute('data-status')).toBe('connected'));
    expect(button.textContent).toContain('Connected');
    expect(screen.getByRole('status').textContent).toBe(API_TEST_MESSAGES.connected);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: API_TEST_MESSAGES.connected, autoClose: 5000, color: 'green' }),
    );
  });

  it('shows failed when the network is down', async () => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderWithProviders(<ApiTestButton />);
    const button = screen.getByRole('button', { name: /Test API/ });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('data-status')).toBe('failed'));
    expect(screen.getByRole('status').textContent).toBe(API_TEST_MESSAGES.unreachable);
  });
});
