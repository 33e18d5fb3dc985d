import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DENIED_MESSAGES } from '@app/domain/permissions/denied';
import { useHasPermission } from '../../../lib/use-has-permission';
import { INVENTORY_PERMISSIONS } from './inventory-permissions';
import { notifyFailure } from '../../../lib/notify';

export const EXPORT_DENIED = DENIED_MESSAGES['inventory.export.access'];

/** Download CSV; without inventory.export.access it says so instead. */
export function CsvButton({
  onDownload,
  disabled,
  loading,
}: {
  onDownload: () => void;
  disabled: boolean;
  loading?: boolean;
}) {
  const canExport = useHasPermission(INVENTORY_PERMISSIONS.export);
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} />}
      disabled={disabled}
      loading={loading}
      onClick={() => {
        if (!canExport) {
          notifyFailure(EXPORT_DENIED);
          return;
        }
        onDownload();
      }}
    >
      Download CSV
    </Button>
  );
}
