import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TEmployee } from '@app/domain/schemas/employees';
import { renderWithProviders } from '../../../test/render';
import { EMPLOYEES_UNREADABLE, EmployeeTable } from './employee-table';

const employee = (n: number): TEmployee => ({
  employee_id: n,
  name: `Employee ${n}`,
  email: `e${n}@shop.ng`,
  role: 'employee',
  access_choice: null,
});

function bodyNames() {
  const table = screen.getByRole('table', { name: 'Employees' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
}

describe('EmployeeTable', () => {
  it('shows no pager for two employees or fewer', () => {
    renderWithProviders(<EmployeeTable employees={[employee(1), employee(2)]} loading={false} />);
    expect(bodyNames()).toEqual(['Employee 1', 'Employee 2']);
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('pages two a page with Previous, Next and numbered pages', () => {
    renderWithProviders(<EmployeeTable employees={[1, 2, 3, 4, 5].map(employee)} loading={false} />);
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(screen.getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(3);
    expect(bodyNames()).toEqual(['Employee 1', 'Employee 2']);
    expect(previous.disabled).toBe(true);

    fireEvent.click(next);
    expect(bodyNames()).toEqual(['Employee 3', 'Employee 4']);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(bodyNames()).toEqual(['Employee 5']);
    expect(next.disabled).toBe(true);

    fireEvent.click(previous);
    expect(bodyNames()).toEqual(['Employee 3', 'Employee 4']);
  });

  it('says so when there are no employees', () => {
    renderWithProviders(<EmployeeTable employees={[]} loading={false} />);
    expect(screen.getByText('No employees yet. Create the first one above.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('does not invite the owner to create employees again when the list could not be read', () => {
    renderWithProviders(<EmployeeTable employees={[]} loading={false} failed />);
    expect(screen.getByText(EMPLOYEES_UNREADABLE)).toBeTruthy();
    expect(screen.queryByText(/No employees yet/)).toBeNull();
    expect(screen.getByText('Current employees').textContent).toBe('Current employees');
  });
});
