import type { FormEvent } from 'react';
import { Button, Divider, Grid, Group, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { newPublicId } from '@app/domain/ids/public-id';
import { ZProformaRequestSchema, type TProformaRequest } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useCreateProforma } from '../api/create-proforma';
import type { TSalesWarehouse } from '../api/get-sales-warehouses';
import { PricePanel } from './price-panel';
import { ProformaSidePanel } from './proforma-side-panel';
import { formProblems } from '../utils/sale-form';
import { SaleFormCustomerFields } from './sale-form-customer-fields';
import { SaleNotesInput, SaleWarehouseSelect } from './sale-form-fields';
import { notifySaleSuccess } from '../utils/sale-form-notify';
import { SaleFormProblems } from './sale-form-problems';
import {
  DEFAULT_PRICING,
  missingItemProblems,
  payloadLines,
  priceLines,
  pricingPayload,
} from '../utils/sale-lines';
import {
  useSaleDocumentForm,
  type TDocumentCheck,
  type TSaleDocumentValues,
} from '../utils/use-sale-document-form';
import { SaleLinesEditor } from './sale-lines-editor';

export const PROFORMA_FAILURE = 'Failed to create proforma';
const ID = 'proforma';

type TProformaFormValues = TSaleDocumentValues & {
  customer_name: string;
  customer_phone: string;
  customer_id: number | null;
  /** The proforma's own public id, new after each one created. */
  public_id: string;
  notes: string;
};

/** Spec 2 §5 Proforma: the shared schema's numbered messages and the lines the warehouse does not list. */
function checkProforma({ lines, pricing, ...state }: TProformaFormValues): TDocumentCheck<TProformaRequest> {
  const parsed = ZProformaRequestSchema.safeParse({
    public_id: state.public_id,
    customer_id: state.customer_id,
    customer_name: state.customer_name,
    customer_phone: state.customer_phone,
    warehouse_name: state.warehouse_name || null,
    notes: state.notes,
    items: payloadLines(lines, state.warehouse_name),
    ...pricingPayload(pricing),
  });
  const missing = missingItemProblems(lines, state.warehouse_name, 'Proforma item');
  if (parsed.success && missing.length === 0) return { ok: true, body: parsed.data };
  return { ok: false, problems: formProblems(parsed.error, missing) };
}

/**
 * The Proforma tab (spec 2 §2): the create form and, beside it, the customer's pending proformas.
 * After a proforma is created the customer stays, so it shows at once in the side panel.
 */
export function ProformaForm({ warehouses }: { warehouses: readonly TSalesWarehouse[] }) {
  const proforma = useSaleDocumentForm<TProformaFormValues>({
    initialValues: {
      customer_name: '',
      customer_phone: '',
      customer_id: null,
      public_id: newPublicId(),
      warehouse_name: warehouses.length === 1 ? warehouses[0]!.warehouse_name : '',
      notes: '',
      lines: [],
      pricing: DEFAULT_PRICING,
    },
    failure: PROFORMA_FAILURE,
  });
  const { values, errors } = proforma;
  const [customer] = useDebouncedValue(values.customer_name.trim(), 400);
  const create = useCreateProforma();
  const idempotency = useIdempotencyKey('sales.proforma');
  const totals = priceLines(values.lines, values.pricing);

  const submit = (event: FormEvent<HTMLFormElement>) =>
    proforma.handleSubmit(event, checkProforma, (body, submitted) => {
      if (create.isPending) return;
      create.mutate(
        { body, idempotencyKey: idempotency.keyFor(body) },
        {
          onSuccess: (answer) => {
            idempotency.reset();
            notifySaleSuccess(
              `${answer.message}. Proforma #${answer.proforma.proforma_number}, total ${formatMoney(answer.proforma.grand_total)}.`,
            );
            proforma.reset({
              ...submitted,
              notes: '',
              public_id: newPublicId(),
              lines: [],
              pricing: DEFAULT_PRICING,
            });
          },
          onError: (error) => proforma.refused(error),
        },
      );
    });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <form onSubmit={submit} noValidate aria-label="Create proforma">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <SaleFormCustomerFields
                idPrefix={ID}
                name={values.customer_name}
                phone={values.customer_phone}
                onChange={proforma.change}
                nameError={errors.customer_name}
                phoneError={errors.customer_phone}
              />
              <SaleWarehouseSelect
                idPrefix={ID}
                warehouses={warehouses}
                value={values.warehouse_name}
                onChange={proforma.changeWarehouse}
                error={errors.warehouse_name}
              />
            </SimpleGrid>

            <Divider />
            <SaleLinesEditor
              idPrefix={ID}
              warehouseName={values.warehouse_name}
              lines={values.lines}
              dispatch={proforma.dispatchLines}
              error={errors.items}
              listLabel="Items of the proforma"
            />

            <PricePanel
              idPrefix={ID}
              pricing={values.pricing}
              totals={totals}
              onChange={proforma.changePricing}
              discountError={errors.discount_value}
            />
            <SaleNotesInput
              idPrefix={ID}
              value={values.notes}
              onChange={(notes) => proforma.change({ notes })}
              error={errors.notes}
            />
            <SaleFormProblems problems={proforma.problems} />
            <Group justify="flex-end">
              <Button type="submit" size="md" loading={create.isPending}>
                Create Proforma
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <ProformaSidePanel customerName={customer} />
      </Grid.Col>
    </Grid>
  );
}
