import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { PageFooter } from './table-parts';

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
