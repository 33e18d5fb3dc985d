import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Grid, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { businessDate } from '@app/domain/dates/business-date';
import { koboToNaira } from '@app/domain/money/money';
import { BACKDATE_DENIED, type TSaleBatchRequest } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import { useHasPermission } from '../../../lib/use-has-permission';
import { storedDraft } from '../../../lib/stored-draft';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { AddSalePayment } from './add-sale-payment';
import { useCreateSale } from '../api/create-sale';
import type { TSalesWarehouse } from '../api/get-sales-warehouses';
import { uploadSaleInvoice } from '../api/upload-sale-invoice';
import { InvoiceCapture } from '../../../components/invoice-capture/invoice-capture';
import { invoiceFileProblem } from '../../../components/invoice-capture/invoice-capture-file';
import { PricePanel } from './price-panel';
import { checkSale, saleBatchBody, saleFormInitial, type TSaleFormState } from '../utils/sale-form';
import { SaleFormCustomerFields } from './sale-form-customer-fields';
import { SaleNotesInput, SaleWarehouseSelect } from './sale-form-fields';
import { failureText, notifySaleError, notifySaleSuccess } from '../utils/sale-form-notify';
import { SaleFormProblems } from './sale-form-problems';
import { DEFAULT_PRICING, priceLines, type TPricingState, type TSaleLine } from '../utils/sale-lines';
import { useSaleDocumentForm, type TSaleDocumentValues } from '../utils/use-sale-document-form';
import { SaleLinesEditor } from './sale-lines-editor';

export const SALE_MESSAGES = {
  failure: 'Failed to create sale',
  uploadFailure: 'Failed to upload invoice',
} as const;

const ID = 'add-sale';

type TAddSaleDraft = { state: TSaleFormState; lines: TSaleLine[]; pricing: TPricingState; savedOn: string };
const DRAFT = storedDraft<TAddSaleDraft>('sales.add-sale');

/**
 * The half-entered sale kept across a reload, if it still fits: a date that was "today" when it was
 * saved is today again, a warehouse no longer open to the user is dropped with its lines.
 */
function restoredDraft(
  warehouses: readonly TSalesWarehouse[],
  defaultWarehouse: string,
  today: string,
  canBackdate: boolean,
) {
  const draft = DRAFT.read();
  if (!draft) return null;
  const { state } = draft;
  const warehouseOpen = warehouses.some((warehouse) => warehouse.warehouse_name === state.warehouse_name);
  const keepDate = state.sale_date !== draft.savedOn && state.sale_date <= today && canBackdate;
  return {
    state: {
      // A draft saved before the form named its sale and customer gets a new name and no customer.
      ...saleFormInitial(today, defaultWarehouse),
      ...state,
      sale_date: keepDate ? state.sale_date : today,
      warehouse_name: warehouseOpen ? state.warehouse_name : defaultWarehouse,
    },
    lines: warehouseOpen ? draft.lines : [],
    pricing: draft.pricing,
  };
}

const hasContent = (state: TSaleFormState, lines: readonly TSaleLine[]) =>
  lines.length > 0 || state.customer_name.trim() !== '' || state.customer_phone.trim() !== '';

type TSaleFormValues = TSaleFormState & TSaleDocumentValues;

/** The Add Sale form (spec 2 §2): details, lines, price, payment, invoice; POST /sales/batch. */
export function AddSaleForm({
  warehouses,
  onRecorded,
}: {
  warehouses: readonly TSalesWarehouse[];
  onRecorded: () => void;
}) {
  const today = businessDate();
  const canBackdate = useHasPermission('sales.backdate.access');
  const canOverride = useHasPermission('sales.invoice_override.access');
  const defaultWarehouse = warehouses.length === 1 ? warehouses[0]!.warehouse_name : '';
  const [draft] = useState(() => restoredDraft(warehouses, defaultWarehouse, today, canBackdate));
  const sale = useSaleDocumentForm<TSaleFormValues>({
    initialValues: {
      ...(draft?.state ?? saleFormInitial(today, defaultWarehouse)),
      lines: draft?.lines ?? [],
      pricing: draft?.pricing ?? DEFAULT_PRICING,
    },
    failure: SALE_MESSAGES.failure,
    onValuesChange: ({ lines, pricing, ...state }) => {
      if (hasContent(state, lines)) DRAFT.save({ state, lines, pricing, savedOn: businessDate() });
      else DRAFT.clear();
    },
  });
  const { values, errors } = sale;
  const [invoice, setInvoice] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  // A retry of the same submission reuses the first upload instead of storing the file twice.
  const uploaded = useRef<{ file: File; url: string } | null>(null);
  const idempotency = useIdempotencyKey('sales.batch');
  const createSale = useCreateSale();

  const totals = priceLines(values.lines, values.pricing);
  const grandTotal = koboToNaira(totals.grandTotalKobo);
  const busy = uploading || createSale.isPending;

  const changeDate = (value: string) => {
    if (value && value < today && !canBackdate) {
      notifySaleError(BACKDATE_DENIED);
      sale.change({ sale_date: today });
      return;
    }
    sale.change({ sale_date: value });
  };

  const reset = () => {
    sale.reset({
      ...saleFormInitial(businessDate(), values.warehouse_name),
      lines: [],
      pricing: DEFAULT_PRICING,
    });
    setInvoice(null);
    uploaded.current = null;
    idempotency.reset();
  };

  const invoiceUrl = async (file: File) => {
    if (uploaded.current?.file === file) return uploaded.current.url;
    const { invoice_file_url } = await uploadSaleInvoice(file);
    uploaded.current = { file, url: invoice_file_url };
    return invoice_file_url;
  };

  const check = ({ lines, pricing, ...state }: TSaleFormValues) => {
    const fileProblem = invoiceFileProblem(invoice);
    if (fileProblem)
      return { ok: false as const, problems: { messages: [fileProblem], fields: { invoice: fileProblem } } };
    const body = saleBatchBody(state, lines, pricing, { url: null, override: !invoice && canOverride });
    return checkSale(body, { hasInvoice: Boolean(invoice), canOverride, lines });
  };

  const record = async (checked: TSaleBatchRequest) => {
    let url: string | null = null;
    if (invoice) {
      setUploading(true);
      try {
        url = await invoiceUrl(invoice);
      } catch (error) {
        notifySaleError(failureText(SALE_MESSAGES.uploadFailure, error));
        return;
      } finally {
        setUploading(false);
      }
    }
    const body = { ...checked, invoice_file_url: url };
    createSale.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (answer) => {
          notifySaleSuccess(
            `${answer.message}. Sale #${answer.sale.sale_number}, total ${formatMoney(answer.sale.grand_total)}.`,
          );
          reset();
          onRecorded();
        },
        onError: (error) => notifySaleError(sale.failureText(error)),
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) =>
    sale.handleSubmit(event, check, (body) => {
      if (!busy) void record(body);
    });

  return (
    <form onSubmit={submit} noValidate aria-label="Add sale">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                id={`${ID}-sale_date`}
                type="date"
                label="Date"
                required
                max={today}
                value={values.sale_date}
                onChange={(event) => changeDate(event.currentTarget.value)}
                error={errors.sale_date}
              />
              <SaleWarehouseSelect
                idPrefix={ID}
                warehouses={warehouses}
                value={values.warehouse_name}
                onChange={sale.changeWarehouse}
                error={errors.warehouse_name}
              />
              <SaleFormCustomerFields
                idPrefix={ID}
                name={values.customer_name}
                phone={values.customer_phone}
                onChange={sale.change}
                nameError={errors.customer_name}
                phoneError={errors.customer_phone}
              />
              <TextInput
                id={`${ID}-invoice_number`}
                label="Invoice number (optional)"
                maxLength={60}
                autoComplete="off"
                value={values.invoice_number}
                onChange={(event) => sale.change({ invoice_number: event.currentTarget.value })}
                error={errors.invoice_number}
              />
            </SimpleGrid>

            <Divider />
            <SaleLinesEditor
              idPrefix={ID}
              warehouseName={values.warehouse_name}
              lines={values.lines}
              dispatch={sale.dispatchLines}
              error={errors.items}
              listLabel="Items of the sale"
            />

            <Divider />
            <InvoiceCapture
              id={`${ID}-invoice`}
              label={canOverride ? 'Invoice (optional for you)' : 'Invoice'}
              required={!canOverride}
              value={invoice}
              onChange={(file) => {
                setInvoice(file);
                sale.clearErrors(['invoice']);
              }}
              error={errors.invoice}
              disabled={busy}
            />
            <SaleNotesInput
              idPrefix={ID}
              value={values.notes}
              onChange={(notes) => sale.change({ notes })}
              error={errors.notes}
            />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <PricePanel
              idPrefix={ID}
              pricing={values.pricing}
              totals={totals}
              onChange={sale.changePricing}
              discountError={errors.discount_value}
            />
            <AddSalePayment
              state={values}
              grandTotal={grandTotal}
              today={today}
              errors={errors}
              onChange={sale.change}
            />
            <SaleFormProblems problems={sale.problems} />
            <Button type="submit" size="md" loading={busy} fullWidth>
              Record Sale
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}

/** Shown where no warehouse is open to the user (spec 2 §2). */
export function AddSaleNoWarehouses() {
  return (
    <Alert color="yellow" variant="light" title="No warehouses available" role="alert">
      <Text size="sm">A sale takes its items from a warehouse's stock, and none is open to you yet.</Text>
      <List size="sm" mt="xs">
        <List.Item>Add items through Restock: the first item creates its warehouse.</List.Item>
        <List.Item>Ask the MD to open a warehouse to you under Settings → Manage Access.</List.Item>
      </List>
    </Alert>
  );
}
