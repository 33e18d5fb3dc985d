import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { ApiError } from './api-client';
import { failureText, notifyError, notifySuccess } from './notify';

describe('toasts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('close after 3 s unless a screen asks for longer (spec 1 §9)', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('');
    notifySuccess('Customer added');
    notifyError(new ApiError('Bad', 400, 'Customer name is required'), 'Failed to add customer');
    notifySuccess('Restock completed', 5000);
    expect(show.mock.calls.map(([toast]) => [toast.message, toast.autoClose])).toEqual([
      ['Customer added', 3000],
      ['Customer name is required', 3000],
      ['Restock completed', 5000],
    ]);
  });
});

describe('failureText', () => {
  it('adds the server’s detail, and is the screen’s own words without one (spec 2 §8)', () => {
    expect(
      failureText('Failed to adjust inventory', new ApiError('x', 400, 'Please enter a valid quantity')),
    ).toBe('Failed to adjust inventory: Please enter a valid quantity');
    expect(failureText('Failed to download customer data', new ApiError('Bad Gateway', 502, null))).toBe(
      'Failed to download customer data',
    );
  });
});
