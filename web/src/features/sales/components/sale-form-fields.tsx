import { Select, Textarea } from '@mantine/core';
import type { TSalesWarehouse } from '../api/get-sales-warehouses';

/** The warehouse a sale or proforma takes its items from. */
export function SaleWarehouseSelect({
  idPrefix,
  warehouses,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  warehouses: readonly TSalesWarehouse[];
  value: string;
  onChange: (name: string) => void;
  error?: string;
}) {
  return (
    <Select
      id={`${idPrefix}-warehouse_name`}
      label="Warehouse"
      required
      placeholder="Select a warehouse"
      data={warehouses.map((warehouse) => warehouse.warehouse_name)}
      value={value || null}
      onChange={(name) => onChange(name ?? '')}
      allowDeselect={false}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function SaleNotesInput({
  idPrefix,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  value: string;
  onChange: (notes: string) => void;
  error?: string;
}) {
  return (
    <Textarea
      id={`${idPrefix}-notes`}
      label="Notes (optional)"
      autosize
      minRows={2}
      maxRows={5}
      maxLength={1000}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
