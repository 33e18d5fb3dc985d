import { Badge, Button, Group } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import type { TSaleTransferCheck, TTransferCheckState } from '@app/domain/schemas/bank';
import { failureText, notifyFailure, notifyInfo, notifySuccess } from '../../../lib/notify';
import { useCheckTransfer } from '../api/check-transfer';

/** Short words for a narrow column; the bank icon and the title say they are about the transfer. */
const STATES: Record<TTransferCheckState, { label: string; title: string; color: string }> = {
  unchecked: { label: 'Not checked', title: 'Transfer not checked yet', color: 'gray' },
  verified: { label: 'Verified', title: 'Transfer verified in the bank account', color: 'green' },
  not_found: { label: 'Not found yet', title: 'No matching credit has arrived yet', color: 'orange' },
  matched_elsewhere: {
    label: 'Used elsewhere',
    title: 'The matching credit already verified another payment',
    color: 'red',
  },
};

/** Whether a sale's transfer money reached the linked bank account. */
export function TransferCheckBadge({ check }: { check: TSaleTransferCheck }) {
  const state = STATES[check.status];
  return (
    <Badge
      color={state.color}
      variant="light"
      tt="none"
      size="sm"
      title={state.title}
      leftSection={<IconBuildingBank size={12} aria-hidden />}
      styles={{ root: { minWidth: 'max-content' } }}
    >
      {state.label}
    </Badge>
  );
}

/** The badge, and "Has this transfer arrived?" until the transfer is verified. */
export function TransferCheck({
  saleId,
  saleNumber,
  check,
}: {
  saleId: number;
  saleNumber: number;
  check: TSaleTransferCheck;
}) {
  const ask = useCheckTransfer();
  const onAsk = () =>
    ask.mutate(saleId, {
      onSuccess: (result) => {
        const notify = result.transfer_check.status === 'verified' ? notifySuccess : notifyInfo;
        notify(result.message);
      },
      onError: (error) => notifyFailure(failureText('Failed to check the transfer', error)),
    });
  return (
    <Group gap={6} wrap="wrap">
      <TransferCheckBadge check={check} />
      {check.status !== 'verified' && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconBuildingBank size={14} />}
          loading={ask.isPending}
          // The label wraps, so a table's Payment Method column stays narrow.
          styles={{
            root: { height: 'auto', minHeight: 22 },
            section: { marginInlineEnd: 4 },
            label: { whiteSpace: 'normal', textAlign: 'left' },
          }}
          aria-label={`Has this transfer arrived? Sale #${saleNumber}`}
          onClick={onAsk}
        >
          Has this transfer arrived?
        </Button>
      )}
    </Group>
  );
}
