import { useReducer, useState, type FormEvent } from 'react';
import { Button, Divider, Grid, Group, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { newPublicId } from '@app/domain/ids/public-id';
import { ZProformaRequestSchema } from '@app/domain/schemas/sales';
import { formatMoney } from '../../../lib/format';
import { useCreateProforma } from '../api/create-proforma';
import type { TSalesWarehouse } from '../api/get-sales-warehouses';
import { PricePanel } from './price-panel';
import { ProformaSidePanel } from './proforma-side-panel';
import { formProblems, NO_PROBLEMS, withoutFieldProblems, type TFormProblems } from '../utils/sale-form';
import { SaleFormCustomerFields } from './sale-form-customer-fields';
import { SaleNotesInput, SaleWarehouseSelect } from './sale-form-fields';
import { failureText, notifySaleError, notifySaleSuccess } from '../utils/sale-form-notify';
import { SaleFormProblems } from './sale-form-problems';
import {
  DEFAULT_PRICING,
  missingItemProblems,
  payloadLines,
  priceLines,
  pricingPayload,
  saleLinesReducer,
  type TPricingState,
} from '../utils/sale-lines';
import { SaleLinesEditor } from './sale-lines-editor';

export const PROFORMA_FAILURE = 'Failed to create proforma';
const ID = 'proforma';

type TProformaFormState = {
  customer_name: string;
  customer_phone: string;
  customer_id: number | null;
  /** The proforma's own public id, new after each one created. */
  public_id: string;
  warehouse_name: string;
  notes: string;
};

/**
 * The Proforma tab (spec 2 §2): the create form and, beside it, the customer's pending proformas.
 * After a proforma is created the customer stays, so it shows at once in the side panel.
 */
export function ProformaForm({ warehouses }: { warehouses: readonly TSalesWarehouse[] }) {
  const [state, setState] = useState<TProformaFormState>({
    customer_name: '',
    customer_phone: '',
    customer_id: null,
    public_id: newPublicId(),
    warehouse_name: warehouses.length === 1 ? warehouses[0]!.warehouse_name : '',
    notes: '',
  });
  const [lines, dispatch] = useReducer(saleLinesReducer, []);
  const [pricing, setPricing] = useState<TPricingState>(DEFAULT_PRICING);
  const [problems, setProblems] = useState<TFormProblems>(NO_PROBLEMS);
  const [customer] = useDebouncedValue(state.customer_name.trim(), 400);
  const create = useCreateProforma();
  const totals = priceLines(lines, pricing);

  const change = (patch: Partial<TProformaFormState>) => {
    setState((current) => ({ ...current, ...patch }));
    setProblems((current) => withoutFieldProblems(current, Object.keys(patch)));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
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
    if (!parsed.success || missing.length > 0) {
      const found = formProblems(parsed.error, missing);
      setProblems(found);
      notifySaleError(found.messages[0] ?? PROFORMA_FAILURE);
      return;
    }
    setProblems(NO_PROBLEMS);
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        notifySaleSuccess(
          `${answer.message}. Proforma #${answer.proforma.proforma_number}, total ${formatMoney(answer.proforma.grand_total)}.`,
        );
        dispatch({ type: 'clear' });
        setPricing(DEFAULT_PRICING);
        setState((current) => ({ ...current, notes: '', public_id: newPublicId() }));
      },
      onError: (error) => notifySaleError(failureText(PROFORMA_FAILURE, error)),
    });
  };

  const errors = problems.fields;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <form onSubmit={submit} noValidate aria-label="Create proforma">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <SaleFormCustomerFields
                idPrefix={ID}
                name={state.customer_name}
                phone={state.customer_phone}
                onChange={change}
                nameError={errors.customer_name}
                phoneError={errors.customer_phone}
              />
              <SaleWarehouseSelect
                idPrefix={ID}
                warehouses={warehouses}
                value={state.warehouse_name}
                onChange={(name) => {
                  change({ warehouse_name: name });
                  dispatch({ type: 'clear' });
                }}
                error={errors.warehouse_name}
              />
            </SimpleGrid>

            <Divider />
            <SaleLinesEditor
              idPrefix={ID}
              warehouseName={state.warehouse_name}
              lines={lines}
              dispatch={dispatch}
              error={errors.items}
              listLabel="Items of the proforma"
            />

            <PricePanel
              idPrefix={ID}
              pricing={pricing}
              totals={totals}
              onChange={(patch) => setPricing((current) => ({ ...current, ...patch }))}
              discountError={errors.discount_value}
            />
            <SaleNotesInput
              idPrefix={ID}
              value={state.notes}
              onChange={(notes) => change({ notes })}
              error={errors.notes}
            />
            <SaleFormProblems problems={problems} />
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
