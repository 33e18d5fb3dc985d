import { useState } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconCheck, IconFlag } from '@tabler/icons-react';
import type { TReviewMarkRequest, TReviewRecord, TReviewRecordType } from '@app/domain/schemas/admin-review';
import { formatDate, formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUnverified } from '../api/get-unverified';
import { useMarkRecord } from '../api/mark-record';
import { FlagModal } from './flag-modal';
import { ListStates } from './list-states';
import { ScrollTable } from '../../../components/scroll-table';

const WORDS: Record<TReviewRecordType, { label: string; party: string; empty: string }> = {
  sale: { label: 'unverified sales', party: 'Customer', empty: 'Every sale has been reviewed' },
  expense: { label: 'unverified expenses', party: 'Vendor', empty: 'Every expense has been reviewed' },
  purchase: {
    label: 'unverified goods bought',
    party: 'Supplier',
    empty: 'Every purchase has been reviewed',
  },
};

const businessDay = (date: string) => formatDate(`${date}T12:00:00Z`);

/** The records of a kind no reviewer has marked yet, each with Verify and Flag. */
export function UnverifiedTab({ recordType }: { recordType: TReviewRecordType }) {
  const words = WORDS[recordType];
  const list = useUnverified(recordType);
  const mark = useMarkRecord();
  const [flagging, setFlagging] = useState<TReviewRecord | null>(null);
  const records = list.data?.pages.flatMap((page) => page.records) ?? [];

  const send = (request: TReviewMarkRequest) =>
    mark.mutate(request, {
      onSuccess: () => {
        setFlagging(null);
        notifySuccess(request.state === 'verified' ? 'Record verified' : 'Record flagged for the MD');
      },
      onError: (error) => notifyError(error, 'Failed to review record'),
    });

  return (
    <ListStates
      label={words.label}
      isPending={list.isPending}
      error={list.error}
      empty={records.length === 0}
      emptyText={words.empty}
      hasNextPage={list.hasNextPage}
      isFetchingNextPage={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
    >
      <ScrollTable minWidth={820} label={words.label}>
        <Table striped withTableBorder verticalSpacing="xs" aria-label={words.label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>{words.party}</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Paid</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th>Recorded by</Table.Th>
              <Table.Th>Review</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((record) => (
              <Table.Tr key={record.record_id}>
                <Table.Td>{record.number ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{businessDay(record.date)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {record.party}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(record.total)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(record.paid)}
                  <Badge
                    ml={6}
                    size="xs"
                    variant="light"
                    color={record.payment_status === 'paid' ? 'green' : 'orange'}
                  >
                    {record.payment_status}
                  </Badge>
                </Table.Td>
                <Table.Td tt="capitalize">{record.payment_method}</Table.Td>
                <Table.Td>{record.recorded_by ?? '—'}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="compact-sm"
                      color="green"
                      leftSection={<IconCheck size={14} />}
                      aria-label={`Verify ${record.party} ${formatMoney(record.total)}`}
                      disabled={mark.isPending}
                      onClick={() =>
                        send({ record_type: recordType, record_id: record.record_id, state: 'verified' })
                      }
                    >
                      Verify
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="orange"
                      leftSection={<IconFlag size={14} />}
                      aria-label={`Flag ${record.party} ${formatMoney(record.total)}`}
                      onClick={() => setFlagging(record)}
                    >
                      Flag
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {flagging && (
        <FlagModal
          record={flagging}
          saving={mark.isPending}
          onClose={() => setFlagging(null)}
          onFlag={send}
        />
      )}
    </ListStates>
  );
}
