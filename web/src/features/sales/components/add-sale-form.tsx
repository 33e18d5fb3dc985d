import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Collapse,
  Flex,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { businessDate } from '@app/domain/dates/business-date';
import { koboToNaira } from '@app/domain/money/money';
import { BACKDATE_DENIED, type TSaleBatchRequest } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import { useAdminKeyFloats } from '../../../lib/use-auth';
import { useHasPermission } from '../../../lib/use-has-permission';
import { storedDraft } from '../../../lib/stored-draft';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { isUnreachable } from '../../../lib/offline/offline-sync';
import { AddSalePayment, AddSalePaymentMore } from './add-sale-payment';
import {
  partialPaymentProblem,
  saleFigures,
  useCreateSale,
  type TCreateSaleAnswer,
} from '../api/create-sale';
import type { TSalesWarehouse } from '../api/get-sales-warehouses';
import { uploadSaleInvoice } from '../api/upload-sale-invoice';
import { InvoiceCapture } from '../../../components/invoice-capture/invoice-capture';
import { invoiceFileProblem } from '../../../components/invoice-capture/invoice-capture-file';
import { PricePanel } from './price-panel';
import {
  checkSale,
  compactSaleBody,
  saleBatchBody,
  saleFormInitial,
  type TSaleFormState,
} from '../utils/sale-form';
import { SaleCustomerPhoneInput, SaleFormCustomerFields } from './sale-form-customer-fields';
import { SaleNotesInput, SaleWarehouseSelect } from './sale-form-fields';
import { failureText, notifySaleError } from '../utils/sale-form-notify';
import type { TSalePaymentStatus } from '../utils/sale-form-options';
import {
  isWalkIn,
  owesMoney,
  rememberWarehouse,
  startingWarehouse,
  WALK_IN_CUSTOMER,
} from '../utils/sale-defaults';
import { SaleFormProblems } from './sale-form-problems';
import {
  DEFAULT_PRICING,
  lineTotal,
  priceLines,
  type TPricingState,
  type TSaleLine,
} from '../utils/sale-lines';
import { useSaleDocumentForm, type TSaleDocumentValues } from '../utils/use-sale-document-form';
import { SaleLinesEditor } from './sale-lines-editor';
import type { TReceiptSummary } from './receipt-step';

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
  lines.length > 0 ||
  (state.customer_name.trim() !== '' && !isWalkIn(state.customer_name)) ||
  state.customer_phone.trim() !== '';

type TSaleFormValues = TSaleFormState & TSaleDocumentValues;

/** A sale the server (or, offline, the phone) took: its answer and what was entered, for the receipt. */
export type TRecordedSale = { answer: TCreateSaleAnswer; summary: TReceiptSummary };

/**
 * The Add Sale form (spec 2 §2), laid out for one thumb: warehouse (the last one used), customer (a
 * walk-in by default), item search and scan, lines with − and +, payment; the spec's other fields
 * under "More"; the total and Record Sale in a bar that stays at the bottom of the screen.
 * POST /sales/batch; `onRecorded` takes the answer.
 */
export function AddSaleForm({
  warehouses,
  onRecorded,
}: {
  warehouses: readonly TSalesWarehouse[];
  onRecorded: (recorded: TRecordedSale) => void;
}) {
  const today = businessDate();
  const canBackdate = useHasPermission('sales.backdate.access');
  const canOverride = useHasPermission('sales.invoice_override.access');
  const [firstWarehouse] = useState(() => startingWarehouse(warehouses));
  const [draft] = useState(() => restoredDraft(warehouses, firstWarehouse, today, canBackdate));
  const sale = useSaleDocumentForm<TSaleFormValues>({
    initialValues: {
      ...(draft?.state ?? saleFormInitial(today, firstWarehouse)),
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
  const [moreOpened, setMoreOpened] = useState(false);
  // A retry of the same submission reuses the first upload instead of storing the file twice.
  const uploaded = useRef<{ file: File; url: string } | null>(null);
  const idempotency = useIdempotencyKey('sales.batch');
  const createSale = useCreateSale();

  const totals = priceLines(values.lines, values.pricing);
  const grandTotal = koboToNaira(totals.grandTotalKobo);
  const busy = uploading || createSale.isPending;
  const owing = owesMoney(values.payment_status);
  // The invoice is on the form's face where it is compulsory, under More where the user may leave it out.
  const invoiceInMore = canOverride;
  const moreFields = [
    'sale_date',
    'invoice_number',
    'notes',
    'vat_rate',
    'discount_value',
    'amount_customer_paid',
    'partial_payment_date',
    'partial_payment_note',
    ...(owing ? [] : ['customer_phone']),
    ...(invoiceInMore ? ['invoice'] : []),
  ];
  // A refused field under More opens it.
  const moreShown = moreOpened || moreFields.some((field) => errors[field]);
  // More's fields mount the first time it opens (their values live in the form), then stay, hidden when it
  // closes: mounted from the start, they were a good part of the form's first render. The invoice's file input
  // stays mounted, as before.
  const [moreMounted, setMoreMounted] = useState(moreShown);
  if (moreShown && !moreMounted) setMoreMounted(true);

  const changeDate = (value: string) => {
    if (value && value < today && !canBackdate) {
      notifySaleError(BACKDATE_DENIED);
      sale.change({ sale_date: today });
      return;
    }
    sale.change({ sale_date: value });
  };

  /** A sale that leaves money owed asks who owes it; back to paid in full, an emptied name is a walk-in again. */
  const changeStatus = (payment_status: TSalePaymentStatus) => {
    const name = values.customer_name;
    if (owesMoney(payment_status) && isWalkIn(name)) sale.change({ payment_status, customer_name: '' });
    else if (!owesMoney(payment_status) && !name.trim())
      sale.change({ payment_status, customer_name: WALK_IN_CUSTOMER });
    else sale.change({ payment_status });
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
    const checked = checkSale(body, { hasInvoice: Boolean(invoice), canOverride, lines });
    const overpaid = checked.ok ? partialPaymentProblem(checked.body) : null;
    return overpaid
      ? {
          ok: false as const,
          problems: { messages: [overpaid], fields: { partial_payment_amount: overpaid } },
        }
      : checked;
  };

  const record = async (checked: TSaleBatchRequest, lines: readonly TSaleLine[]) => {
    let url: string | null = null;
    let offlineInvoice: File | undefined;
    if (invoice) {
      setUploading(true);
      try {
        url = await invoiceUrl(invoice);
      } catch (error) {
        // The server cannot be reached: the sale waits on the device with its invoice, uploaded first on sync.
        if (isUnreachable(error)) offlineInvoice = invoice;
        else {
          notifySaleError(failureText(SALE_MESSAGES.uploadFailure, error));
          return;
        }
      } finally {
        setUploading(false);
      }
    }
    const body = compactSaleBody({ ...checked, invoice_file_url: url });
    const summary: TReceiptSummary = {
      customerName: body.customer_name,
      date: body.sale_date,
      paymentStatus: body.payment_status,
      paymentMethod: body.payment_method,
      figures: saleFigures(body),
      lines: lines.map((line) => ({
        item_name: line.item_name,
        quantity: Number(line.quantity),
        total_amount: lineTotal(line),
      })),
    };
    createSale.mutate(
      { body, idempotencyKey: idempotency.keyFor(body), offlineInvoice },
      {
        onSuccess: (answer) => {
          rememberWarehouse(body.warehouse_name ?? '');
          reset();
          onRecorded({ answer, summary });
        },
        onError: (error) => sale.refused(error),
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) =>
    sale.handleSubmit(event, check, (body, current) => {
      if (!busy) void record(body, current.lines);
    });

  const customerPhone = (
    <SaleCustomerPhoneInput
      idPrefix={ID}
      phone={values.customer_phone}
      onChange={sale.change}
      error={errors.customer_phone}
      required={owing}
    />
  );
  const invoiceBox = (
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
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Add sale">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <SimpleGrid cols={2} spacing="xs">
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
                withPhone={false}
              />
            </SimpleGrid>
            <SaleLinesEditor
              idPrefix={ID}
              warehouseName={values.warehouse_name}
              lines={values.lines}
              dispatch={sale.dispatchLines}
              error={errors.items}
              listLabel="Items of the sale"
            />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <AddSalePayment
              state={values}
              today={today}
              errors={errors}
              onChange={sale.change}
              onStatus={changeStatus}
            />
            {owing && customerPhone}
            {!invoiceInMore && invoiceBox}

            <Button
              variant="subtle"
              color="gray"
              fullWidth
              justify="space-between"
              rightSection={moreShown ? <IconChevronUp size={20} /> : <IconChevronDown size={20} />}
              aria-expanded={moreShown}
              aria-controls={`${ID}-more`}
              onClick={() => setMoreOpened(!moreShown)}
            >
              More: date, VAT, discount, notes
            </Button>
            <Collapse expanded={moreShown} id={`${ID}-more`} keepMountedMode="display-none">
              <Stack gap="sm">
                {moreMounted && (
                  <>
                    <SimpleGrid cols={2} spacing="xs">
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
                    {!owing && customerPhone}
                    <AddSalePaymentMore
                      state={values}
                      grandTotal={grandTotal}
                      today={today}
                      errors={errors}
                      onChange={sale.change}
                    />
                    <PricePanel
                      idPrefix={ID}
                      pricing={values.pricing}
                      totals={totals}
                      onChange={sale.changePricing}
                      discountError={errors.discount_value}
                    />
                  </>
                )}
                {invoiceInMore && invoiceBox}
                {moreMounted && (
                  <SaleNotesInput
                    idPrefix={ID}
                    value={values.notes}
                    onChange={(notes) => sale.change({ notes })}
                    error={errors.notes}
                  />
                )}
              </Stack>
            </Collapse>
            <SaleFormProblems problems={sale.problems} />
          </Stack>
        </Grid.Col>
      </Grid>
      <SaleTotalBar lines={values.lines.length} grandTotal={grandTotal} busy={busy} />
    </form>
  );
}

/**
 * The running total and Record Sale, kept at the bottom of the screen while the form scrolls. The MD's
 * admin key floats at the screen's bottom right on Sales (spec 1 §2): the bar leaves it room.
 */
function SaleTotalBar({ lines, grandTotal, busy }: { lines: number; grandTotal: number; busy: boolean }) {
  const keyFloats = useAdminKeyFloats();
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="xs"
      mt="md"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 5 }}
      aria-label="Sale total"
      component="section"
    >
      {/* Two rows on a phone (the total, then the button), one row from a small tablet up. */}
      <Flex
        direction={{ base: 'column', xs: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', xs: 'center' }}
        gap={6}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm" aria-live="polite">
          <Text size="sm" c="dimmed">
            {lines === 1 ? '1 item' : `${lines} items`} · Total
          </Text>
          <Text fz={22} fw={800} lh={1.2} style={{ whiteSpace: 'nowrap' }} data-testid="sale-grand-total">
            {formatMoney(grandTotal)}
          </Text>
        </Group>
        <Group wrap="nowrap" pr={keyFloats ? 56 : 0}>
          <Button type="submit" size="md" loading={busy} style={{ flex: 1 }}>
            Record Sale
          </Button>
        </Group>
      </Flex>
    </Paper>
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
