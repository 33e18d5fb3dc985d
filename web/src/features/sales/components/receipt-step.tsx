import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCloudUpload, IconPlus, IconPrinter } from '@tabler/icons-react';
import type { TSale } from '@app/domain/schemas/sales';
import { formatCount, formatMoney } from '../../../lib/format';
import { customerLabel, formatBusinessDate } from '../utils/sale-row-format';
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
  lines: readonly { item_name: string; quantity: number; total_amount: number }[];
};

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
  onNewSale: () => void;
};

/**
 * After a sale: its number and total, the receipt (print, PDF, thermal, e-mail, WhatsApp) and "New sale",
 * which starts the next one. A sale waiting to sync prints the receipt shown on screen.
 */
export function ReceiptStep({ numberLabel, total, sale, queued, summary, onNewSale }: TReceiptStepProps) {
  const files = useReceiptFiles();
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
        <Group gap="xs" wrap="nowrap" role="status">
          {queued ? (
            <IconCloudUpload size={28} color="var(--mantine-color-orange-8)" aria-hidden="true" />
          ) : (
            <IconCircleCheck size={28} color="var(--mantine-color-green-8)" aria-hidden="true" />
          )}
          <Title order={2} size="h3" id="receipt-step-heading" ref={heading} tabIndex={-1}>
            {queued ? `${numberLabel} saved` : `${numberLabel} recorded`}
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
        <Button
          size="lg"
          fullWidth
          leftSection={<IconPlus size={22} />}
          onClick={onNewSale}
          className={classes.noPrint}
        >
          New sale
        </Button>
      </Stack>
    </Paper>
  );
}
