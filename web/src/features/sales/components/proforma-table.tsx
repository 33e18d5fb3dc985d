import { ActionIcon, Badge, Button, Group, Menu, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { IconFileDownload, IconTransform, IconTrash } from '@tabler/icons-react';
import type { TPdfFormat, TProforma } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import { proformaDate, proformaItemsText } from '../proforma-list-filter';
import { formatBusinessDate } from '../sale-row-format';

const COLUMNS = ['Proforma', 'Date', 'Customer', 'Phone', 'Items', 'Grand Total', 'Status', 'Actions'];
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export type TProformaActions = {
  onPdf: (proforma: TProforma, format: TPdfFormat) => void;
  /** Absent where converting is not offered. */
  onConvert?: (proforma: TProforma) => void;
  onDelete: (proforma: TProforma) => void;
  /** The proforma whose PDF is being made, to show its button busy. */
  pdfBusyId: number | null;
};

/** One page of proformas: a converted one shows its badge and is neither converted nor deleted again. */
export function ProformaTable({
  proformas,
  loading,
  emptyText,
  actions,
}: {
  proformas: readonly TProforma[];
  loading: boolean;
  emptyText: string;
  actions: TProformaActions;
}) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        aria-label="Proforma invoices"
        aria-busy={loading}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} ta={column === 'Grand Total' ? 'right' : undefined} style={NOWRAP}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            Array.from({ length: 3 }, (_, row) => (
              <Table.Tr key={`skeleton-${row}`}>
                {COLUMNS.map((column) => (
                  <Table.Td key={column}>
                    <Skeleton h={14} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {proformas.map((proforma) => {
            const converted = proforma.status === 'converted';
            return (
              <Table.Tr key={proforma.proforma_id}>
                <Table.Td style={NOWRAP}>#{proforma.proforma_id}</Table.Td>
                <Table.Td style={NOWRAP}>{formatBusinessDate(proformaDate(proforma))}</Table.Td>
                <Table.Td fw={500}>{proforma.customer_name}</Table.Td>
                <Table.Td style={NOWRAP}>{proforma.customer_phone ?? ''}</Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" lineClamp={2} title={proformaItemsText(proforma)}>
                    {proformaItemsText(proforma)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatMoney(proforma.grand_total)}
                </Table.Td>
                <Table.Td>
                  {converted ? (
                    <Badge color="green" variant="light" tt="none">
                      Converted{proforma.sale_id ? ` · sale #${proforma.sale_id}` : ''}
                    </Badge>
                  ) : (
                    <Badge color="yellow" variant="light" tt="none">
                      Pending
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconFileDownload size={16} />}
                          loading={actions.pdfBusyId === proforma.proforma_id}
                          aria-label={`Download PDF of proforma #${proforma.proforma_id}`}
                        >
                          PDF
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Label>Format</Menu.Label>
                        <Menu.Item onClick={() => actions.onPdf(proforma, 'A4')}>A4</Menu.Item>
                        <Menu.Item onClick={() => actions.onPdf(proforma, 'thermal')}>
                          Thermal (80 mm)
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                    {!converted && actions.onConvert && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconTransform size={16} />}
                        onClick={() => actions.onConvert?.(proforma)}
                        aria-label={`Convert proforma #${proforma.proforma_id} to a sale`}
                      >
                        Convert
                      </Button>
                    )}
                    {!converted && (
                      <Tooltip label="Delete" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete proforma #${proforma.proforma_id}`}
                          onClick={() => actions.onDelete(proforma)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {!loading && proformas.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" size="sm" ta="center" py="md">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
