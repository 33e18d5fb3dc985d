import { Alert, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconDatabaseImport, IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import type { TBusinessImportResponse } from '@app/domain/schemas/settings-account';
import { formatCount } from '../../../lib/format';
import { failureText } from '../../../lib/notify';
import { useImportBusinessExport } from '../api/import-business-export';
import { DataCard, DataWorking } from './data-card';

export const BUSINESS_IMPORT_MESSAGES = {
  importing: 'Importing your data… A large business can take a minute. Keep this page open.',
  failure: 'The import failed; nothing was changed',
  chooseZip: 'Choose the .zip file you downloaded with Download all my data',
} as const;

/** The counts the success message lists, in this order, under the names the screens use. */
const COUNTED: readonly (readonly [string, string])[] = [
  ['warehouses', 'Warehouses'],
  ['items', 'Items'],
  ['sales', 'Sales'],
  ['purchases', 'Purchases'],
  ['payments', 'Later payments'],
  ['customers', 'Customers'],
  ['expenses', 'Expenses'],
  ['users', 'Employees'],
  ['stored_files', 'Uploaded files'],
];

function ImportSummary({ result }: { result: TBusinessImportResponse }) {
  return (
    <Alert color="green" variant="light" role="status" title="Import complete">
      <Stack gap="xs">
        <Text size="sm">{result.message}</Text>
        <List size="sm" spacing={2}>
          {COUNTED.filter(([table]) => (result.tables[table] ?? 0) > 0).map(([table, label]) => (
            <List.Item key={table}>
              {label}: {formatCount(result.tables[table])}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

/**
 * Settings → Your Data → Import, for the MD: a zip from Download all my data into this business. Only an empty
 * business takes it (the server refuses one with data); the MD confirms first, and it is all or nothing.
 */
export function BusinessImport() {
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const importing = useImportBusinessExport();

  const start = () => {
    setConfirming(false);
    if (file) importing.mutate(file);
  };

  return (
    <DataCard icon={<IconDatabaseImport size={22} aria-hidden />} title="Import a business export">
      <Text size="sm">
        Bring the .zip from Download all my data into this business: its items, stock, sales, purchases,
        customers, expenses, employees and uploaded files. Only a new business with no data of its own can
        take an import, and it goes in whole or not at all.
      </Text>
      <Text size="sm" c="dimmed">
        This business keeps its own sign-in name, plan and access code; the company details its receipts print
        (name, address, bank, logo) come from the export. Employees come across without a password: give each
        a new one in the Password tab before they sign in.
      </Text>
      <FileInput
        label="Export file (.zip)"
        placeholder="Choose the .zip file"
        accept=".zip,application/zip"
        leftSection={<IconFileZip size={18} aria-hidden />}
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          importing.reset();
        }}
        clearable
        disabled={importing.isPending}
        maw={420}
      />
      <Group>
        <Button
          leftSection={<IconDatabaseImport size={18} />}
          loading={importing.isPending}
          disabled={!file}
          onClick={() => setConfirming(true)}
        >
          Import
        </Button>
      </Group>
      {importing.isPending && <DataWorking>{BUSINESS_IMPORT_MESSAGES.importing}</DataWorking>}
      {importing.isSuccess && <ImportSummary result={importing.data} />}
      {importing.isError && (
        <Alert color="red" variant="light" role="alert">
          {failureText(BUSINESS_IMPORT_MESSAGES.failure, importing.error)}
        </Alert>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Import this export?" centered>
        <Stack gap="md">
          <Text size="sm">
            Everything in <b>{file?.name}</b> will be added to this business. An import cannot be undone here:
            to start again, close the business from Delete Account.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={start}>Yes, import</Button>
          </Group>
        </Stack>
      </Modal>
    </DataCard>
  );
}
