import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { ScrollTable } from '../../../components/scroll-table';
import { StoredFileButton } from '../../../components/stored-file-button';
import { IconBrandWhatsapp, IconDownload, IconMail, IconPrinter, IconReceipt } from '@tabler/icons-react';
import type { TSale } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import { customerLabel, formatBusinessDate } from '../utils/sale-row-format';
import type { TReceiptAction } from '../utils/use-receipt-files';
import { SaleRowCard, SaleStatusBadge, usePhoneLayout } from './sale-table-parts';

type TActionsProps = {
  /** The sale and action being prepared, to show that button busy. */
  busy: { saleId: number; action: TReceiptAction } | null;
  onAction: (sale: TSale, action: TReceiptAction) => void;
  onEmail: (sale: TSale) => void;
  onShare: (sale: TSale) => void;
};

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A sale's receipt actions: print, PDF (A4), thermal, email, WhatsApp (and its invoice, if any). Compact in
 * a list; `large` where they are the screen's main choice (after a sale).
 */
export function ReceiptActions({
  sale,
  busy,
  onAction,
  onEmail,
  onShare,
  large = false,
}: { sale: TSale; large?: boolean } & TActionsProps) {
  const size = large ? 'md' : 'compact-sm';
  const iconSize = large ? 20 : 16;
  const isBusy = (action: TReceiptAction) =>
    busy?.saleId === sale.sale_id && JSON.stringify(busy.action) === JSON.stringify(action);
  const buttons: { action: TReceiptAction; label: string; name: string; icon: typeof IconPrinter }[] = [
    { action: { kind: 'print' }, label: 'Print', name: 'Print receipt', icon: IconPrinter },
    {
      action: { kind: 'download', format: 'A4' },
      label: 'PDF',
      name: 'Download PDF receipt',
      icon: IconDownload,
    },
    {
      action: { kind: 'download', format: 'thermal' },
      label: 'Thermal',
      name: 'Download thermal receipt',
      icon: IconReceipt,
    },
  ];
  return (
    <Group gap={large ? 'xs' : 4} wrap="wrap">
      {buttons.map(({ action, label, name, icon: Icon }) => (
        <Button
          key={label}
          size={size}
          variant={action.kind === 'print' ? 'light' : large ? 'default' : 'subtle'}
          leftSection={<Icon size={iconSize} />}
          loading={isBusy(action)}
          onClick={() => onAction(sale, action)}
          aria-label={`${name} of sale #${sale.sale_number}`}
        >
          {label}
        </Button>
      ))}
      <Button
        size={size}
        variant={large ? 'default' : 'subtle'}
        leftSection={<IconMail size={iconSize} />}
        onClick={() => onEmail(sale)}
        aria-label={`Email receipt of sale #${sale.sale_number}`}
      >
        Email
      </Button>
      <Button
        size={size}
        variant={large ? 'light' : 'subtle'}
        color="green"
        leftSection={<IconBrandWhatsapp size={iconSize} />}
        onClick={() => onShare(sale)}
        aria-label={`Share receipt of sale #${sale.sale_number} on WhatsApp`}
      >
        WhatsApp
      </Button>
      {sale.invoice_file_url && (
        <StoredFileButton
          url={sale.invoice_file_url}
          filename={`sale-${sale.sale_number}-invoice`}
          label="Invoice"
          aria-label={`View invoice of sale #${sale.sale_number}`}
        />
      )}
    </Group>
  );
}

/** The loaded sales with their receipt actions: print, PDF (A4), thermal, email, WhatsApp. */
export function ReceiptSalesTable({ sales, ...actions }: { sales: readonly TSale[] } & TActionsProps) {
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <Stack gap="xs" component="section" aria-label="Sales for receipt">
        {sales.map((sale) => (
          <SaleRowCard
            key={sale.sale_id}
            number={sale.sale_number}
            date={sale.sale_date}
            badge={<SaleStatusBadge status={sale.payment_status} />}
          >
            <Group justify="space-between" gap="xs" mb={6}>
              <Text size="sm">{customerLabel(sale.customer_name)}</Text>
              <Text fw={700}>{formatMoney(sale.grand_total)}</Text>
            </Group>
            <ReceiptActions sale={sale} {...actions} />
          </SaleRowCard>
        ))}
      </Stack>
    );
  }
  return (
    <ScrollTable minWidth={560} label="Sales for receipt">
      <Table
        striped
        withTableBorder
        verticalSpacing="xs"
        horizontalSpacing="xs"
        fz="sm"
        aria-label="Sales for receipt"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={NOWRAP}>Sale ID</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={230}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sales.map((sale) => (
            <Table.Tr key={sale.sale_id}>
              <Table.Td style={NOWRAP}>#{sale.sale_number}</Table.Td>
              <Table.Td style={NOWRAP}>{formatBusinessDate(sale.sale_date)}</Table.Td>
              <Table.Td>{customerLabel(sale.customer_name)}</Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {formatMoney(sale.grand_total)}
              </Table.Td>
              <Table.Td>
                <SaleStatusBadge status={sale.payment_status} />
              </Table.Td>
              <Table.Td>
                <ReceiptActions sale={sale} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
