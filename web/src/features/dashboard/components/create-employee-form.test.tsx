import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest, typeInto } from '../../../test/render';
import { CreateEmployeeForm } from './create-employee-form';

beforeEach(() => signInForTest('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Dashboard → Create Employee', () => {
  it('says "All fields are required", then sends the name trimmed and hands on the message', async () => {
    const server = fetchRoutes({
      'POST /dashboard/create-employee': jsonResponse(201, { message: 'Employee Ada Obi created.' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const onCreated = vi.fn();
    renderWithProviders(<CreateEmployeeForm onCreated={onCreated} />);

    fireEvent.click(screen.getByRole('button', { name: 'Create employee account' }));
    expect(await screen.findByText('All fields are required')).toBeTruthy();
    expect(server.calls).toHaveLength(0);

    typeInto(/^Name/, '  Ada Obi ');
    typeInto(/^Email/, 'ada@mamaput.ng');
    typeInto(/^Password/, 'a long secret');
    fireEvent.click(screen.getByRole('button', { name: 'Create employee account' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenLastCalledWith('Employee Ada Obi created.'));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Ada Obi',
      email: 'ada@mamaput.ng',
      password: 'a long secret',
    });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });

  it('shows "Failed to create employee" with the server’s detail', async () => {
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'POST /dashboard/create-employee': jsonResponse(400, { detail: 'Email already registered' }),
      }).fetch,
    );
    renderWithProviders(<CreateEmployeeForm onCreated={vi.fn()} />);
    typeInto(/^Name/, 'Ada Obi');
    typeInto(/^Email/, 'ada@mamaput.ng');
    typeInto(/^Password/, 'a long secret');
    fireEvent.click(screen.getByRole('button', { name: 'Create employee account' }));
    expect(await screen.findByText('Failed to create employee: Email already registered')).toBeTruthy();
  });
});
