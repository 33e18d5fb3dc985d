import { ActionIcon, Button, Group, Menu, Table, Text, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconFileDownload, IconTransform, IconTrash } from '@tabler/icons-react';
import type { TPdfFormat, TProforma } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import { proformaDate, proformaItemsText } from '../utils/proforma-list-filter';
import { formatBusinessDate } from '../utils/sale-row-format';
import {
  CustomerCell,
  SaleCardList,
  SaleDataTable,
  SaleRowCard,
  StatusBadge,
  usePhoneLayout,
} from './sale-table-parts';

const COLUMNS = ['Proforma', 'Date', 'Customer', 'Items', 'Grand Total', 'Status', 'Actions'];
const RIGHT_ALIGNED = new Set(['Grand Total']);
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export type TProformaActions = {
  onPdf: (proforma: TProforma, format: TPdfFormat) => void;
  /** Absent where converting is not offered. */
  onConvert?: (proforma: TProforma) => void;
  onDelete: (proforma: TProforma) => void;
  /** Absent where sharing is not offered. */
  onShare?: (proforma: TProforma) => void;
  /** The proforma whose PDF is being made, to show its button busy. */
  pdfBusyId: number | null;
};

function ProformaStatus({ proforma }: { proforma: TProforma }) {
  const converted = proforma.status === 'converted';
  return (
    <div>
      <StatusBadge color={converted ? 'green' : 'yellow'}>{converted ? 'Converted' : 'Pending'}</StatusBadge>
      {converted && proforma.sale_id && (
        <Text size="xs" c="dimmed" style={NOWRAP}>
          sale #{proforma.sale_number}
        </Text>
      )}
    </div>
  );
}

/** PDF (A4 or thermal) and WhatsApp always; Convert and Delete while the proforma is pending. */
function ProformaActionButtons({ proforma, actions }: { proforma: TProforma; actions: TProformaActions }) {
  const pending = proforma.status !== 'converted';
  return (
    <Group gap={4} wrap="nowrap">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconFileDownload size={16} />}
            loading={actions.pdfBusyId === proforma.proforma_id}
            aria-label={`Download PDF of proforma #${proforma.proforma_number}`}
          >
            PDF
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Format</Menu.Label>
          <Menu.Item onClick={() => actions.onPdf(proforma, 'A4')}>A4</Menu.Item>
          <Menu.Item onClick={() => actions.onPdf(proforma, 'thermal')}>Thermal (80 mm)</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {actions.onShare && (
        <Tooltip label="Share on WhatsApp" withArrow>
          <ActionIcon
            variant="subtle"
            color="green"
            aria-label={`Share proforma #${proforma.proforma_number} on WhatsApp`}
            onClick={() => actions.onShare?.(proforma)}
          >
            <IconBrandWhatsapp size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {pending && actions.onConvert && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconTransform size={16} />}
          onClick={() => actions.onConvert?.(proforma)}
          aria-label={`Convert proforma #${proforma.proforma_number} to a sale`}
        >
          Convert
        </Button>
      )}
      {pending && (
        <Tooltip label="Delete" withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete proforma #${proforma.proforma_number}`}
            onClick={() => actions.onDelete(proforma)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

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
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <SaleCardList
        label="Proforma invoices"
        loading={loading}
        skeletonHeight={120}
        rows={proformas}
        renderCard={(proforma) => (
          <SaleRowCard
            key={proforma.proforma_id}
            number={proforma.proforma_number}
            date={proformaDate(proforma)}
            badge={<ProformaStatus proforma={proforma} />}
          >
            <Text size="sm">
              {proforma.customer_name}
              {proforma.customer_phone ? ` · ${proforma.customer_phone}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              {proformaItemsText(proforma)}
            </Text>
            <Group justify="space-between" gap="xs" mt={4}>
              <Text fw={700}>{formatMoney(proforma.grand_total)}</Text>
              <ProformaActionButtons proforma={proforma} actions={actions} />
            </Group>
          </SaleRowCard>
        )}
        emptyText={emptyText}
      />
    );
  }
  return (
    <SaleDataTable
      label="Proforma invoices"
      loading={loading}
      minWidth={860}
      columns={COLUMNS}
      rightAligned={RIGHT_ALIGNED}
      rows={proformas}
      renderRow={(proforma) => (
        <Table.Tr key={proforma.proforma_id}>
          <Table.Td style={NOWRAP}>#{proforma.proforma_number}</Table.Td>
          <Table.Td style={NOWRAP}>{formatBusinessDate(proformaDate(proforma))}</Table.Td>
          <CustomerCell name={proforma.customer_name} phone={proforma.customer_phone} />
          <Table.Td maw={220}>
            <Text size="sm" lineClamp={2} title={proformaItemsText(proforma)}>
              {proformaItemsText(proforma)}
            </Text>
          </Table.Td>
          <Table.Td ta="right" style={NOWRAP}>
            {formatMoney(proforma.grand_total)}
          </Table.Td>
          <Table.Td>
            <ProformaStatus proforma={proforma} />
          </Table.Td>
          <Table.Td>
            <ProformaActionButtons proforma={proforma} actions={actions} />
          </Table.Td>
        </Table.Tr>
      )}
      emptyText={emptyText}
    />
  );
}
