import { Checkbox, Divider, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { koboToNaira } from '@app/domain/money/money';
import type { TDiscountType, TPricing } from '@app/domain/pricing/pricing';
import { formatMoney } from '../../../lib/format';
import type { TPricingState } from '../utils/sale-lines';

const DISCOUNT_TYPES: { value: TDiscountType; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'percentage', label: 'Percentage' },
  { value: 'fixed', label: 'Fixed Amount' },
];

const isDiscountType = (value: string | null): value is TDiscountType =>
  DISCOUNT_TYPES.some((option) => option.value === value);

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/**
 * VAT, discount and the live totals (spec 2 §5 Pricing): VAT on the subtotal, the discount after
 * VAT, the grand total never below 0. The server prices the sale again; these figures are a preview.
 */
export function PricePanel({
  idPrefix,
  pricing,
  totals,
  onChange,
  discountError,
}: {
  idPrefix: string;
  pricing: TPricingState;
  totals: TPricing;
  onChange: (patch: Partial<TPricingState>) => void;
  discountError?: string;
}) {
  const vatLabel = totals.vatRate ? `VAT (${totals.vatRate}%)` : 'VAT';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="gray.0"
      aria-labelledby={`${idPrefix}-price-heading`}
      component="section"
    >
      <Text id={`${idPrefix}-price-heading`} fw={700} mb="xs">
        Price calculation
      </Text>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Stack gap={6} justify="flex-end">
            <Checkbox
              id={`${idPrefix}-apply_vat`}
              label="Apply VAT"
              checked={pricing.apply_vat}
              onChange={(event) => onChange({ apply_vat: event.currentTarget.checked })}
            />
          </Stack>
          <NumberInput
            id={`${idPrefix}-vat_rate`}
            label="VAT rate (%)"
            min={0}
            max={100}
            clampBehavior="none"
            allowNegative={false}
            decimalScale={2}
            inputMode="decimal"
            disabled={!pricing.apply_vat}
            value={pricing.vat_rate}
            onChange={(value) => onChange({ vat_rate: typeof value === 'number' ? value : '' })}
          />
          <Select
            id={`${idPrefix}-discount_type`}
            label="Discount"
            data={DISCOUNT_TYPES}
            allowDeselect={false}
            value={pricing.discount_type}
            onChange={(value) => isDiscountType(value) && onChange({ discount_type: value })}
          />
          <NumberInput
            id={`${idPrefix}-discount_value`}
            label={pricing.discount_type === 'percentage' ? 'Discount (%)' : 'Discount (₦)'}
            min={0}
            clampBehavior="none"
            allowNegative={false}
            decimalScale={2}
            inputMode="decimal"
            thousandSeparator={pricing.discount_type === 'fixed' ? ',' : undefined}
            disabled={pricing.discount_type === 'none'}
            value={pricing.discount_value}
            onChange={(value) => onChange({ discount_value: typeof value === 'number' ? value : '' })}
            error={discountError}
          />
        </SimpleGrid>
        <Divider />
        <Stack gap={4} aria-live="polite">
          <Row label="Subtotal" value={formatMoney(koboToNaira(totals.subtotalKobo))} />
          <Row label={vatLabel} value={formatMoney(koboToNaira(totals.vatKobo))} />
          <Row label="Discount" value={`− ${formatMoney(koboToNaira(totals.discountKobo))}`} />
          <Divider my={4} />
          <Row label="Grand total" value={formatMoney(koboToNaira(totals.grandTotalKobo))} strong />
        </Stack>
      </Stack>
    </Paper>
  );
}
