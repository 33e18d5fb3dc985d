import { useMemo } from 'react';
import { Autocomplete, TextInput } from '@mantine/core';
import { useSaleCustomers } from './sale-form-customers';

/**
 * Customer name (suggesting known customers) and phone. Picking a known customer fills the phone
 * when it is empty.
 */
export function SaleFormCustomerFields({
  idPrefix,
  name,
  phone,
  onChange,
  nameError,
  phoneError,
}: {
  idPrefix: string;
  name: string;
  phone: string;
  onChange: (patch: { customer_name?: string; customer_phone?: string }) => void;
  nameError?: string;
  phoneError?: string;
}) {
  const customers = useSaleCustomers();
  const names = useMemo(
    () =>
      [...new Set((customers.data ?? []).map((customer) => customer.name))].sort((a, b) =>
        a.localeCompare(b),
      ),
    [customers.data],
  );

  return (
    <>
      <Autocomplete
        id={`${idPrefix}-customer_name`}
        label="Customer name"
        required
        maxLength={120}
        autoComplete="off"
        data={names}
        limit={10}
        value={name}
        onChange={(value) => onChange({ customer_name: value })}
        onOptionSubmit={(value) => {
          const known = customers.data?.find((customer) => customer.name === value);
          if (known?.phone && !phone) onChange({ customer_name: value, customer_phone: known.phone });
        }}
        error={nameError}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        id={`${idPrefix}-customer_phone`}
        label="Customer phone (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={40}
        value={phone}
        onChange={(event) => onChange({ customer_phone: event.currentTarget.value })}
        error={phoneError}
      />
    </>
  );
}
