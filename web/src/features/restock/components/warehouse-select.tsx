import { NativeSelect } from '@mantine/core';
import type { TWarehouse } from '../restock-types';

/** A phone-friendly native select of the caller's warehouses, with an empty first choice. */
export function WarehouseSelect({
  id,
  label = 'Warehouse',
  warehouses,
  loading,
  value,
  onChange,
  error,
  required,
  emptyLabel = 'Select a warehouse',
  disabled,
}: {
  id?: string;
  label?: string;
  warehouses: readonly TWarehouse[];
  loading?: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  required?: boolean;
  emptyLabel?: string;
  disabled?: boolean;
}) {
  return (
    <NativeSelect
      id={id}
      label={label}
      required={required}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      disabled={disabled || loading}
      data={[
        { value: '', label: loading ? 'Loading warehouses...' : emptyLabel },
        ...warehouses.map((w) => ({ value: w.warehouse_name, label: w.warehouse_name })),
      ]}
    />
  );
}
