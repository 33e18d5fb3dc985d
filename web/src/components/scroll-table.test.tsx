import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Table } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { SCROLL_HINT, ScrollTable } from './scroll-table';

function renderTable() {
  renderWithProviders(
    <ScrollTable minWidth={720} label="Daily log">
      <Table aria-label="Daily log">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Rice 50kg</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollTable>,
  );
  const scroller = screen.getByRole('table').closest('.mantine-TableScrollContainer-scrollContainer');
  if (!(scroller instanceof HTMLElement)) throw new Error('no scroll container');
  return scroller;
}

/** Gives the scroll container the sizes a browser would measure, then lets it re-measure. */
function layOut(
  scroller: HTMLElement,
  sizes: { scrollWidth: number; clientWidth: number; scrollLeft: number },
) {
  for (const [key, value] of Object.entries(sizes))
    Object.defineProperty(scroller, key, { configurable: true, value });
  fireEvent.scroll(scroller);
}

describe('ScrollTable', () => {
  it('adds nothing while the table fits', () => {
    const scroller = renderTable();
    layOut(scroller, { scrollWidth: 1200, clientWidth: 1200, scrollLeft: 0 });
    expect(screen.queryByText(SCROLL_HINT)).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
    expect(scroller.getAttribute('tabindex')).toBeNull();
  });

  it('says it scrolls sideways and becomes a focusable region while the table overflows', () => {
    const scroller = renderTable();
    layOut(scroller, { scrollWidth: 720, clientWidth: 336, scrollLeft: 0 });
    expect(screen.getByText(SCROLL_HINT)).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Daily log, scrolls sideways' });
    expect(region).toBe(scroller);
    expect(scroller.getAttribute('tabindex')).toBe('0');
  });
});
