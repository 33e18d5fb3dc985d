import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { ReviewBadge } from './review-badge';

describe('ReviewBadge', () => {
  it('shows Verified for a verified record and nothing while unreviewed', () => {
    const { unmount } = renderWithProviders(
      <ReviewBadge review={{ state: 'verified', by: 'Funke', at: '2026-11-20T09:00:00.000Z' }} />,
    );
    expect(screen.getByText('Verified')).toBeTruthy();
    unmount();
    renderWithProviders(<ReviewBadge review={null} />);
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.queryByText('Flagged')).toBeNull();
  });

  it('shows Flagged for a flagged record', () => {
    renderWithProviders(
      <ReviewBadge review={{ state: 'flagged', by: null, at: '2026-11-20T09:00:00.000Z' }} />,
    );
    expect(screen.getByText('Flagged')).toBeTruthy();
  });
});
