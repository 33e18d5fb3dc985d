import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Collapse, Group, Loader, Paper, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useEmployees } from '../api/get-employees';
import { EmployeeTable } from './employee-table';

// The form (its form library and schemas) loads when it opens: the dashboard's first paint needs neither.
const CreateEmployeeForm = lazy(() =>
  import('./create-employee-form').then((m) => ({ default: m.CreateEmployeeForm })),
);

/** Employee Management (MD only, spec 1 §2): create form and the employee table. */
export function EmployeeManagement() {
  const [formOpen, setFormOpen] = useState(false);
  // Loaded on the first Create Employee, then kept (hidden when closed), so what was typed stays.
  const [formLoaded, setFormLoaded] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const employees = useEmployees(true);

  // The list's failure is only logged (spec 1 §8).
  useEffect(() => {
    if (employees.isError) console.warn('Could not load the employee list', employees.error);
  }, [employees.isError, employees.error]);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          Employee Management
        </Title>
        <Button
          leftSection={formOpen ? undefined : <IconUserPlus size={18} />}
          variant={formOpen ? 'default' : 'filled'}
          onClick={() => {
            setFormLoaded(true);
            setFormOpen((open) => !open);
          }}
          aria-expanded={formOpen}
          aria-controls="create-employee-form"
        >
          {formOpen ? 'Hide Form' : 'Create Employee'}
        </Button>
      </Group>

      {success && (
        <Alert
          color="green"
          mb="sm"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setSuccess(null)}
        >
          {success}
        </Alert>
      )}

      <Collapse expanded={formOpen} id="create-employee-form">
        {formLoaded && (
          <Suspense fallback={<Loader size="sm" my="md" aria-label="Loading the form" />}>
            <CreateEmployeeForm onCreated={setSuccess} />
          </Suspense>
        )}
      </Collapse>

      <EmployeeTable
        employees={employees.data ?? []}
        loading={employees.isPending && !employees.isError}
        failed={employees.isError && !employees.data}
      />
    </Paper>
  );
}
