import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListSearch } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import type { TSale } from '@app/domain/schemas/sales';
import { useSearchText } from '../../../lib/use-search-text';
import { useSalesCustomerSearch } from '../api/get-sales-customers';
import { useSalesForReceipt, type TReceiptQuery } from '../api/get-sales-for-receipt';
import { RECEIPT_MESSAGES, noReceiptSalesText, receiptCustomerOptions } from '../utils/receipt-messages';
import { failureText } from '../utils/sale-form-notify';
import { useReceiptFiles } from '../utils/use-receipt-files';
import { formatBusinessDate } from '../utils/sale-row-format';
import { DocumentSharePanel } from './document-share-panel';
import { ReceiptEmailPanel } from './receipt-email-panel';
import { ReceiptSalesTable } from './receipt-sales-table';

/** The options, with the picked customer kept among them while the search shows others. */
function withPicked(options: { value: string; label: string }[], picked: string | null) {
  return picked && !options.some((option) => option.value === picked)
    ? [{ value: picked, label: picked }, ...options]
    : options;
}

function ReceiptBody() {
  // The server finds customers as the name is typed (a shop may have a million); the pick stays listed.
  const { search, setSearch, searched } = useSearchText();
  const customers = useSalesCustomerSearch(searched);
  const [customer, setCustomer] = useState<string | null>(null);
  const options = useMemo(
    () => withPicked(receiptCustomerOptions(customers.data ?? []), customer),
    [customers.data, customer],
  );
  const files = useReceiptFiles();
  const [date, setDate] = useState(() => businessDate());
  const [customerError, setCustomerError] = useState<string | null>(null);
  const [query, setQuery] = useState<TReceiptQuery | null>(null);
  const [emailSale, setEmailSale] = useState<TSale | null>(null);
  const [shareSale, setShareSale] = useState<TSale | null>(null);
  const sales = useSalesForReceipt(query);

  const load = (event: FormEvent) => {
    event.preventDefault();
    if (!customer) {
      setCustomerError(RECEIPT_MESSAGES.customerRequired);
      return;
    }
    setEmailSale(null);
    setShareSale(null);
    setQuery({ date, customer_name: customer });
  };

  return (
    <Stack gap="md">
      <form onSubmit={load} noValidate aria-label="Find sales for a receipt">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label="Date"
            required
            value={date}
            max={businessDate()}
            onChange={(event) => setDate(event.currentTarget.value)}
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            label="Customer"
            placeholder="Type a customer’s name"
            required
            searchable
            searchValue={search}
            onSearchChange={(text) =>
              setSearch(
                text,
                options.some((option) => option.label === text),
              )
            }
            filter={({ options }) => options}
            data={options}
            value={customer}
            onChange={(value) => {
              setCustomer(value);
              setCustomerError(null);
            }}
            nothingFoundMessage={
              !searched
                ? 'Type a customer’s name'
                : customers.isFetching
                  ? 'Searching...'
                  : 'No customers found'
            }
            error={
              customerError ??
              (customers.isError ? failureText(RECEIPT_MESSAGES.customersFailure, customers.error) : null)
            }
            style={{ flex: '1 1 14rem' }}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconListSearch size={18} />}
            loading={sales.isFetching}
            w={{ base: '100%', xs: 'auto' }}
          >
            Load Sales
          </Button>
        </Group>
      </form>

      {query &&
        (sales.isError ? (
          <Alert color="red" role="alert">
            {failureText(RECEIPT_MESSAGES.salesFailure, sales.error)}
          </Alert>
        ) : sales.isSuccess && sales.data.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="md">
            {noReceiptSalesText(query.customer_name, formatBusinessDate(query.date))}
          </Text>
        ) : sales.data ? (
          <ReceiptSalesTable
            sales={sales.data}
            busy={files.busy}
            onAction={files.act}
            onEmail={setEmailSale}
            onShare={setShareSale}
          />
        ) : null)}

      {emailSale && (
        <ReceiptEmailPanel key={emailSale.sale_id} sale={emailSale} onClose={() => setEmailSale(null)} />
      )}

      {shareSale && (
        <DocumentSharePanel
          key={shareSale.sale_id}
          document={{
            type: 'receipt',
            id: shareSale.sale_id,
            label: `the receipt of sale #${shareSale.sale_number}`,
            customerPhone: shareSale.customer_phone,
          }}
          onClose={() => setShareSale(null)}
        />
      )}
    </Stack>
  );
}

/** Receipt (spec 2 §2): a customer's sales on a date, printed, downloaded (A4 or thermal), e-mailed or shared. */
export function ReceiptModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Receipt" size={960} fullScreen={phone}>
      {opened && <ReceiptBody />}
    </Modal>
  );
}
