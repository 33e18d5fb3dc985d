import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { DateRangeFields, FilterPanel } from './filter-panel';

const NO_DATES = { start_date: '', end_date: '' };

describe('DateRangeFields', () => {
  it('says so under the end date when it comes before the start date', () => {
    renderWithProviders(
      <FilterPanel
        applied={NO_DATES}
        empty={NO_DATES}
        onApply={vi.fn()}
        fields={(draft, change) => <DateRangeFields draft={draft} change={change} />}
      />,
    );
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-25' } });
    expect(screen.queryByText('End date must be on or after the start date')).toBeNull();
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-02' } });
    expect(screen.getByText('End date must be on or after the start date')).toBeTruthy();
    expect(screen.getByLabelText('End date').getAttribute('aria-invalid')).toBe('true');
  });
});
