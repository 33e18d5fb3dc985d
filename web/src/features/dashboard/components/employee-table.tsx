import { useState } from 'react';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import type { TEmployee } from '@app/domain/schemas/employees';
import { downloadCsv } from '../../../lib/csv';
import { notifySuccess } from '../../../lib/notify';
import { ScrollTable } from '../../../components/scroll-table';
import { EmptyRow } from '../../../components/table-parts';

export const EMPLOYEES_PAGE_SIZE = 2;
export const EMPLOYEES_UNREADABLE = 'The employee list could not be loaded. Reload the page to try again.';

export function downloadEmployeesCsv(employees: readonly TEmployee[], now = new Date()) {
  downloadCsv(
    `employees_${businessDate(now)}.csv`,
    ['Name', 'Email', 'Role'],
    employees.map((e) => [e.name, e.email, e.role || 'employee']),
  );
  notifySuccess('Employee list downloaded successfully!');
}

/** Current employees, 2 a page; the pager shows only when there is more than one page (spec 1 §2). */
export function EmployeeTable({
  employees,
  loading,
  failed = false,
}: {
  employees: readonly TEmployee[];
  loading: boolean;
  /** The list could not be read: the table says so instead of inviting the owner to create employees again. */
  failed?: boolean;
}) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(employees.length / EMPLOYEES_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = employees.slice((current - 1) * EMPLOYEES_PAGE_SIZE, current * EMPLOYEES_PAGE_SIZE);

  return (
    <div>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text fw={600}>Current employees{failed ? '' : ` (${employees.length})`}</Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadEmployeesCsv(employees)}
          disabled={employees.length === 0}
        >
          Download CSV
        </Button>
      </Group>
      <ScrollTable minWidth={420} label="Employees">
        <Table striped withTableBorder verticalSpacing="xs" aria-label="Employees">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((employee) => (
              <Table.Tr key={employee.employee_id}>
                <Table.Td>{employee.name}</Table.Td>
                <Table.Td>{employee.email}</Table.Td>
                <Table.Td tt="capitalize">{employee.role || 'employee'}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <EmptyRow columns={3}>
                {loading
                  ? 'Loading employees...'
                  : failed
                    ? EMPLOYEES_UNREADABLE
                    : 'No employees yet. Create the first one above.'}
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {pages > 1 && (
        <Group component="nav" aria-label="Employee pages" gap={6} mt="sm" justify="center" wrap="wrap">
          <Button size="xs" variant="default" disabled={current === 1} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
            <Button
              key={number}
              size="xs"
              variant={number === current ? 'filled' : 'default'}
              aria-current={number === current ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => setPage(number)}
            >
              {number}
            </Button>
          ))}
          <Button
            size="xs"
            variant="default"
            disabled={current === pages}
            onClick={() => setPage(current + 1)}
          >
            Next
          </Button>
        </Group>
      )}
    </div>
  );
}
