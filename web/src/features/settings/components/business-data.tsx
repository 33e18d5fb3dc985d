import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDatabaseExport, IconDownload } from '@tabler/icons-react';
import { isMdRole } from '@app/domain/permissions/check';
import { failureText } from '../../../lib/notify';
import { useAuth } from '../../../lib/use-auth';
import { useDownloadBusinessExport } from '../api/download-business-export';
import { BusinessImport } from './business-import';
import { DataCard, DataWorking } from './data-card';

export const BUSINESS_DATA_MESSAGES = {
  mdOnly: 'Only the MD can download the business’s data.',
  preparing: 'Preparing your data… A large business can take a minute. Keep this page open.',
  downloaded: 'Your business data was downloaded',
  failure: 'Failed to download the export',
} as const;

/**
 * Settings → Your Data, for the MD: everything the business has stored, as one zip (a CSV per table and
 * every uploaded file), at any time. The download is recorded in the audit trail.
 */
export function BusinessData() {
  const auth = useAuth();
  if (!isMdRole(auth.role)) {
    return (
      <Alert color="blue" variant="light" role="note">
        {BUSINESS_DATA_MESSAGES.mdOnly}
      </Alert>
    );
  }
  return <BusinessDataScreen />;
}

function BusinessDataScreen() {
  const exportData = useDownloadBusinessExport();
  const download = () => exportData.mutate();

  return (
    <Stack gap="md" maw={720}>
      <DataCard icon={<IconDatabaseExport size={22} aria-hidden />} title="Download all my data">
        <Text size="sm">
          One .zip file with everything your business has stored: every sale, item, stock movement, customer,
          expense, purchase, requisition and employee, each as a CSV file you can open in Excel, and every
          receipt, invoice and logo you uploaded. Passwords and access codes are never included.
        </Text>
        <Text size="sm" c="dimmed">
          Download it whenever you like, for your records or your accountant. Each download is noted in the
          audit trail.
        </Text>
        <Group>
          <Button leftSection={<IconDownload size={18} />} loading={exportData.isPending} onClick={download}>
            Download all my data
          </Button>
        </Group>
        {exportData.isSuccess && (
          <Alert color="green" variant="light" role="status">
            {BUSINESS_DATA_MESSAGES.downloaded}
          </Alert>
        )}
        {exportData.isError && (
          <Alert color="red" variant="light" role="alert">
            {failureText(BUSINESS_DATA_MESSAGES.failure, exportData.error)}
          </Alert>
        )}
        {exportData.isPending && <DataWorking>{BUSINESS_DATA_MESSAGES.preparing}</DataWorking>}
      </DataCard>
      <BusinessImport />
    </Stack>
  );
}
