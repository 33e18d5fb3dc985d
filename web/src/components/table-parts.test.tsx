import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { Table } from '@mantine/core';
import { EmptyRow, PageFooter } from './table-parts';

const footer = (shown: number, total: number) =>
  renderWithProviders(
    <PageFooter skip={10} shown={shown} total={total} pageSize={10} page={2} onPage={() => {}} />,
  );

describe('PageFooter', () => {
  it('counts the rows shown of the total', () => {
    footer(3, 13);
    expect(screen.getByText('11–13 of 13')).toBeTruthy();
  });

  it('counts nothing while the page loads or when it is empty', () => {
    const { container } = footer(0, 0);
    expect(container.textContent).not.toMatch(/of 0/);
  });
});

describe('EmptyRow', () => {
  it('keeps its text at the left of what is in view, however wide the table', () => {
    renderWithProviders(
      <Table>
        <Table.Tbody>
          <EmptyRow columns={8}>No records</EmptyRow>
        </Table.Tbody>
      </Table>,
    );
    const text = screen.getByText('No records');
    expect(text.closest('td')?.getAttribute('colspan')).toBe('8');
    expect(text.style.position).toBe('sticky');
  });
});
