import { useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconSend } from '@tabler/icons-react';
import { ZEmailSchema } from '@app/domain/schemas/common';
import {
  WALK_IN_CUSTOMER,
  type TPdfFormat,
  type TSale,
  type TSalesCustomer,
} from '@app/domain/schemas/sales';
import { useSalesCustomerSearch } from '../api/get-sales-customers';
import { useReceiptEmailStatus } from '../api/get-receipt-email-status';
import { useSendReceiptEmail, type TReceiptEmailQueued } from '../api/send-receipt-email';
import { EMAIL_STATE_COLORS, EMAIL_STATE_LABELS, RECEIPT_MESSAGES } from '../utils/receipt-messages';
import { failureText } from '../utils/sale-form-notify';

/** The sale's customer on the customer list: by its id, or else by the same name and phone. */
const isSaleCustomer = (sale: TSale) => (customer: TSalesCustomer) =>
  customer.customer_id != null &&
  (sale.customer_id != null
    ? customer.customer_id === sale.customer_id
    : customer.name === sale.customer_name && (customer.phone ?? '') === (sale.customer_phone ?? ''));

/** The e-mail the customer list keeps for the sale's customer, to offer before anything is typed. */
function useListedEmail(sale: TSale): string | null {
  const named = sale.customer_name !== WALK_IN_CUSTOMER;
  const found = useSalesCustomerSearch(named ? sale.customer_name : '');
  return found.data?.find(isSaleCustomer(sale))?.email ?? null;
}

/** E-mails one sale's receipt (PDF or thermal); Enter in the box sends too; then shows delivery. */
export function ReceiptEmailPanel({ sale, onClose }: { sale: TSale; onClose: () => void }) {
  const send = useSendReceiptEmail();
  const listedEmail = useListedEmail(sale);
  // Null until the user types: the listed e-mail is offered, and may arrive after the panel opens.
  const [typed, setEmail] = useState<string | null>(null);
  const email = typed ?? listedEmail ?? '';
  const [format, setFormat] = useState<TPdfFormat>('A4');
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState<(TReceiptEmailQueued & { address: string }) | null>(null);
  const status = useReceiptEmailStatus(queued?.email_id ?? null);
  const state = status.data?.status ?? queued?.status ?? null;

  const submit = () => {
    const address = email.trim();
    if (!address) {
      setError(RECEIPT_MESSAGES.emailPrompt);
      return;
    }
    const checked = ZEmailSchema.safeParse(address);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? RECEIPT_MESSAGES.emailRequired);
      return;
    }
    setError(null);
    send.mutate(
      {
        customer_email: address,
        customer_name: sale.customer_name,
        sale_date: sale.sale_date,
        pdf_format: format,
        sale_id: sale.sale_id,
      },
      {
        onSuccess: (answer) => setQueued({ ...answer, address }),
        onError: (failure) => setError(failureText(RECEIPT_MESSAGES.emailFailure, failure)),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            <IconMail size={16} style={{ verticalAlign: 'text-bottom' }} /> Email the receipt of sale #
            {sale.sale_number}
          </Text>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onClose}>
            Close
          </Button>
        </Group>
        <SegmentedControl
          aria-label="Receipt format"
          size="xs"
          value={format}
          onChange={(value) => setFormat(value as TPdfFormat)}
          data={[
            { value: 'A4', label: 'PDF' },
            { value: 'thermal', label: 'Thermal' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            type="email"
            label="Customer email"
            placeholder="customer@example.com"
            autoComplete="email"
            inputMode="email"
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              if (error) setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
            style={{ flex: 1, minWidth: 0 }}
            data-autofocus
          />
          <Button mt={25} leftSection={<IconSend size={16} />} loading={send.isPending} onClick={submit}>
            Send
          </Button>
        </Group>
        {state && queued && (
          <Group gap="xs" aria-live="polite">
            <Text size="sm">Receipt to {queued.address}:</Text>
            <Badge color={EMAIL_STATE_COLORS[state]} variant="light" tt="none">
              {EMAIL_STATE_LABELS[state]}
            </Badge>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
