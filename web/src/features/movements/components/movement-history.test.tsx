import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithProviders, signInForTest } from '../../../test/render';
import { MovementHistory } from './movement-history';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Movement History', () => {
  it('shows loading rows under its header while the first page loads', async () => {
    signInForTest();
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderWithProviders(<MovementHistory warehouses={['Ikeja', 'Lekki']} />);
    const table = await screen.findByRole('table', { name: 'Movement history' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByText('No movements found')).toBeNull();
  });
});
