import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCloudUpload, IconPlus, IconPrinter } from '@tabler/icons-react';
import { printTime } from '@app/domain/dates/business-date';
import type { TSale } from '@app/domain/schemas/sales';
import { formatCount, formatMoney } from '../../../lib/format';
import { useAdminKeyFloats } from '../../../lib/use-auth';
import { customerLabel, formatBusinessDate, receiptPaymentLine } from '../utils/sale-row-format';
import type { TSaleFigures } from '../api/create-sale';
import { useReceiptCompany } from '../api/get-receipt-company';
import { useReceiptFiles } from '../utils/use-receipt-files';
import { DocumentSharePanel } from './document-share-panel';
import { ReceiptEmailPanel } from './receipt-email-panel';
import { ReceiptActions } from './receipt-sales-table';
import classes from './receipt-step.module.css';

export const QUEUED_NOTICE = 'Saved on this phone — waiting to sync';

/** What the receipt shows of the sale as it was entered. */
export type TReceiptSummary = {
  customerName: string;
  date: string;
  /** When it was tapped (ISO): the receipt prints the time beside the date. */
  recordedAt?: string;
  paymentStatus: TSale['payment_status'];
  paymentMethod: string;
  lines: readonly { item_name: string; quantity: number; total_amount: number }[];
  figures: TSaleFigures;
};

/** "14:05", Lagos time. */
const timeOfDay = (iso: string) => printTime(new Date(iso));

/** A rate as the printed receipt writes it: 7.5%, 10%. */
const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

/** Subtotal, VAT, discount, paid and balance: the lines and the total add up on paper. */
function FiguresOf({ figures }: { figures: TSaleFigures }) {
  const rows: [string, number][] = [
    ['Subtotal', figures.subtotal],
    ...(figures.vat > 0 ? [[`VAT (${percent(figures.vatRate)})`, figures.vat] as [string, number]] : []),
    ...(figures.discount > 0
      ? [
          [
            figures.discountPercent === null ? 'Discount' : `Discount (${percent(figures.discountPercent)})`,
            -figures.discount,
          ] as [string, number],
        ]
      : []),
    ['Amount paid', figures.paid],
    ...(figures.balance > 0 ? [['Balance', figures.balance] as [string, number]] : []),
  ];
  return (
    <Stack gap={2} aria-label="Sale figures">
      {rows.map(([label, naira]) => (
        <Group key={label} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={label === 'Balance' ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
            {naira < 0 ? `− ${formatMoney(-naira)}` : formatMoney(naira)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The business's name, address, phone and bank details at the top of a receipt printed on the device. */
function CompanyHeader() {
  const company = useReceiptCompany(true).data;
  if (!company) return null;
  const bank = [company.bank_name, company.account_number, company.account_name].filter(Boolean).join(' · ');
  return (
    <Stack gap={0} className={classes.printOnly} aria-label="Business details">
      <Text fw={800}>{company.tenant_name}</Text>
      {company.address && <Text size="sm">{company.address}</Text>}
      {company.phone_number && <Text size="sm">{company.phone_number}</Text>}
      {bank && <Text size="sm">{bank}</Text>}
    </Stack>
  );
}

export type TReceiptStepProps = {
  /** "Sale #12", or the receipt number the phone made while offline. */
  numberLabel: string;
  /** The grand total, in naira. */
  total: number;
  /** The sale as the server recorded it (its receipt files, e-mail and share); null while only on the phone. */
  sale: TSale | null;
  /** Saved on the phone, not yet on the server: only printing what is on screen. */
  queued: boolean;
  summary: TReceiptSummary;
  /** Starts the next sale; without it (a receipt reprinted from the list) there is no New sale button. */
  onNewSale?: () => void;
};

/**
 * After a sale: its number and total, the receipt (print, PDF, thermal, e-mail, WhatsApp) and "New sale",
 * which starts the next one. A sale waiting to sync prints the receipt shown on screen.
 */
export function ReceiptStep({ numberLabel, total, sale, queued, summary, onNewSale }: TReceiptStepProps) {
  const files = useReceiptFiles();
  const keyFloats = useAdminKeyFloats();
  const [panel, setPanel] = useState<'email' | 'share' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const recorded = queued ? null : sale;

  // The form the user was at the bottom of is gone: bring the receipt into view and the focus onto it.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'nearest' });
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      maw={560}
      mx="auto"
      component="section"
      aria-labelledby="receipt-step-heading"
      className={classes.receipt}
    >
      <Stack gap="sm">
        {queued && <CompanyHeader />}
        <Group gap="xs" wrap="nowrap" role="status">
          {/* On paper the heading is the receipt's number alone, without the screen's icon and word. */}
          {queued ? (
            <IconCloudUpload
              size={28}
              color="var(--mantine-color-orange-8)"
              aria-hidden="true"
              className={classes.noPrint}
            />
          ) : (
            <IconCircleCheck
              size={28}
              color="var(--mantine-color-green-8)"
              aria-hidden="true"
              className={classes.noPrint}
            />
          )}
          <Title order={2} size="h3" id="receipt-step-heading" ref={heading} tabIndex={-1}>
            {numberLabel}
            <span className={classes.noPrint}>{queued ? ' saved' : ' recorded'}</span>
          </Title>
        </Group>
        {queued && (
          <Alert color="orange" variant="light" p="xs" className={classes.noPrint}>
            {QUEUED_NOTICE}
          </Alert>
        )}
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Text c="dimmed">Total</Text>
          <Text fz={28} fw={800} aria-label={`Total ${formatMoney(total)}`}>
            {formatMoney(total)}
          </Text>
        </Group>
        <Text size="sm">
          {customerLabel(summary.customerName)} · {formatBusinessDate(summary.date)}
          {summary.recordedAt ? `, ${timeOfDay(summary.recordedAt)}` : ''}
          {' · '}
          {receiptPaymentLine(summary.paymentStatus, summary.paymentMethod)}
        </Text>
        <Stack
          gap={2}
          component="ul"
          aria-label="Items sold"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {summary.lines.map((line) => (
            <Group key={line.item_name} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {line.item_name} × {formatCount(line.quantity)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.total_amount)}
              </Text>
            </Group>
          ))}
        </Stack>
        <FiguresOf figures={summary.figures} />
        <Divider className={classes.noPrint} />
        <div className={classes.noPrint}>
          {recorded ? (
            <ReceiptActions
              sale={recorded}
              large
              busy={files.busy}
              onAction={files.act}
              onEmail={() => setPanel('email')}
              onShare={() => setPanel('share')}
            />
          ) : (
            <Button variant="light" leftSection={<IconPrinter size={20} />} onClick={() => window.print()}>
              Print
            </Button>
          )}
        </div>
        {recorded && panel === 'email' && (
          <div className={classes.noPrint}>
            <ReceiptEmailPanel sale={recorded} onClose={() => setPanel(null)} />
          </div>
        )}
        {recorded && panel === 'share' && (
          <div className={classes.noPrint}>
            <DocumentSharePanel
              document={{
                type: 'receipt',
                id: recorded.sale_id,
                label: `the receipt of sale #${recorded.sale_number}`,
                customerPhone: recorded.customer_phone,
              }}
              onClose={() => setPanel(null)}
            />
          </div>
        )}
        {/* Clear of the MD's floating key at the screen's bottom right. */}
        {onNewSale && (
          <Button
            size="lg"
            mr={keyFloats ? 56 : 0}
            leftSection={<IconPlus size={22} />}
            onClick={onNewSale}
            className={classes.noPrint}
          >
            New sale
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
