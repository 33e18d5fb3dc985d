import { Alert, Center, Loader, Table, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useReviewEmployees } from '../api/get-review-employees';
import { ScrollTable } from '../../../components/scroll-table';

/** The Employees table of admin review (spec 3 §2.7): ID, Name, Email, Role, Access. */
export function EmployeesTab() {
  const employees = useReviewEmployees();
  if (employees.isPending)
    return (
      <Center py="lg">
        <Loader aria-label="Loading employees" />
      </Center>
    );
  if (employees.error)
    return <Alert color="red">{errorMessage(employees.error, 'Failed to load employees')}</Alert>;
  if (employees.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        No employees yet
      </Text>
    );
  return (
    <ScrollTable minWidth={560} label="Employees">
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Employees">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Access</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.data.map((employee) => (
            <Table.Tr key={employee.employee_id}>
              <Table.Td>{employee.employee_id}</Table.Td>
              <Table.Td>{employee.name}</Table.Td>
              <Table.Td>{employee.email}</Table.Td>
              <Table.Td tt="capitalize">{employee.role}</Table.Td>
              <Table.Td>{employee.access_choice ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
