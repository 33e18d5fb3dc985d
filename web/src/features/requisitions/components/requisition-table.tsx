import { Badge, Group, Table, Text } from '@mantine/core';
import { IconCheck, IconMessage, IconPencil, IconSignature, IconTrash, IconX } from '@tabler/icons-react';
import type { TRequisition } from '@app/domain/schemas/requisitions';
import { RowAction } from '../../../components/row-action';
import { StoredFileButton } from '../../../components/stored-file-button';
import { SkeletonRows } from '../../../components/table-parts';
import { formatCount, formatDate } from '../../../lib/format';
import { ScrollTable } from '../../../components/scroll-table';

const STATUS_COLORS = { Pending: 'yellow', Approved: 'green', Rejected: 'red' } as const;
export type TRowAction = 'approve' | 'reject' | 'edit' | 'delete' | 'remark';

/**
 * The requisitions of a page; the Remark column only for those who may remark (spec 3 §6), Edit only on the
 * pending rows `mayEdit` allows (the requester's own, or the MD's: the server refuses anyone else).
 */
export function RequisitionTable({
  requisitions,
  loading,
  showRemark,
  mayEdit,
  onAction,
}: {
  requisitions: readonly TRequisition[];
  loading: boolean;
  showRemark: boolean;
  mayEdit: (requisition: TRequisition) => boolean;
  onAction: (action: TRowAction, requisition: TRequisition) => void;
}) {
  const columns = [
    'ID & Date',
    'Employee',
    'Warehouse & Item',
    'Quantity',
    'Reason',
    ...(showRemark ? ['Remark'] : []),
    'Status',
    'Actions',
  ];
  const action = (
    kind: TRowAction,
    row: TRequisition,
    label: string,
    icon: React.ReactNode,
    color?: string,
  ) => (
    <RowAction
      label={label}
      color={color}
      ariaLabel={`${label} requisition ${row.requisition_id}`}
      onClick={() => onAction(kind, row)}
    >
      {icon}
    </RowAction>
  );

  return (
    <ScrollTable minWidth={showRemark ? 940 : 820} label="Requisitions">
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        aria-label="Requisitions"
        aria-busy={loading}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} ta={column === 'Quantity' ? 'right' : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && requisitions.length === 0 ? (
            <SkeletonRows columns={columns} />
          ) : (
            requisitions.map((row) => (
              <Table.Tr key={row.requisition_id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    #{row.requisition_id}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(row.submitted_at)}
                  </Text>
                </Table.Td>
                <Table.Td>{row.employee_name ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {row.warehouse_name}
                  </Text>
                  <Text size="sm" fw={500}>
                    {row.item}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatCount(row.quantity)}</Table.Td>
                <Table.Td maw={200}>
                  <Text size="sm" lineClamp={3}>
                    {row.reason}
                  </Text>
                  {row.signature && (
                    <StoredFileButton
                      url={row.signature}
                      filename={`signature-${row.requisition_id}.png`}
                      label="Signature"
                      leftSection={<IconSignature size={16} aria-hidden="true" />}
                      px={0}
                    />
                  )}
                </Table.Td>
                {showRemark && <Table.Td maw={160}>{row.remark ?? '—'}</Table.Td>}
                <Table.Td>
                  <Badge color={STATUS_COLORS[row.status]} variant="light">
                    {row.status}
                  </Badge>
                  {row.decided_by && (
                    <Text size="xs" c="dimmed">
                      by {row.decided_by}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    {row.status === 'Pending' &&
                      action('approve', row, 'Approve', <IconCheck size={18} />, 'green')}
                    {row.status === 'Pending' &&
                      action('reject', row, 'Reject', <IconX size={18} />, 'orange')}
                    {row.status === 'Pending' &&
                      mayEdit(row) &&
                      action('edit', row, 'Edit', <IconPencil size={18} />)}
                    {action('remark', row, 'Update remark on', <IconMessage size={18} />)}
                    {action('delete', row, 'Delete', <IconTrash size={18} />, 'red')}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
