import { useMemo, useRef } from 'react';
import { Autocomplete, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_PAUSE_MS } from '../../../lib/use-search-text';
import { useSalesCustomerSearch } from '../api/get-sales-customers';
import { isWalkIn } from '../utils/sale-defaults';

export type TCustomerPatch = {
  customer_name?: string;
  customer_phone?: string;
  /** The picked customer-list entry; typing in either field lets go of it (the server then goes by phone). */
  customer_id?: number | null;
};

/** The customer's phone: optional, except where the sale leaves money owed. */
export function SaleCustomerPhoneInput({
  idPrefix,
  phone,
  onChange,
  error,
  required = false,
}: {
  idPrefix: string;
  phone: string;
  onChange: (patch: TCustomerPatch) => void;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <TextInput
      id={`${idPrefix}-customer_phone`}
      label={required ? 'Customer phone' : 'Customer phone (optional)'}
      required={required}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      maxLength={40}
      value={phone}
      onChange={(event) => onChange({ customer_phone: event.currentTarget.value, customer_id: null })}
      error={error}
    />
  );
}

/**
 * Customer name (suggesting the customer list's matches, searched on the server as the name is typed) and,
 * unless the form places it elsewhere (`withPhone` false), phone. Picking a customer names it by id and
 * fills the phone when it is empty.
 */
export function SaleFormCustomerFields({
  idPrefix,
  name,
  phone,
  onChange,
  nameError,
  phoneError,
  withPhone = true,
}: {
  idPrefix: string;
  name: string;
  phone: string;
  onChange: (patch: TCustomerPatch) => void;
  nameError?: string | undefined;
  phoneError?: string | undefined;
  withPhone?: boolean;
}) {
  const [searched] = useDebouncedValue(name.trim(), SEARCH_PAUSE_MS);
  // The walk-in default is no one to look up.
  const matches = useSalesCustomerSearch(isWalkIn(searched) ? '' : searched);
  // Mantine sets the input to a picked option right after onOptionSubmit: that change keeps the pick.
  const picked = useRef<string | null>(null);
  const names = useMemo(
    () => [...new Set((matches.data ?? []).map((customer) => customer.name))],
    [matches.data],
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
        filter={({ options }) => options}
        value={name}
        onChange={(value) => {
          if (value === picked.current) return onChange({ customer_name: value });
          picked.current = null;
          onChange({ customer_name: value, customer_id: null });
        }}
        onOptionSubmit={(value) => {
          const known = matches.data?.find((customer) => customer.name === value);
          if (!known) return;
          picked.current = value;
          onChange({
            customer_name: value,
            customer_id: known.customer_id ?? null,
            ...(known.phone && !phone ? { customer_phone: known.phone } : {}),
          });
        }}
        // A tap on the walk-in default selects it, so typing a name replaces it.
        onFocus={(event) => isWalkIn(name) && event.currentTarget.select()}
        error={nameError}
        comboboxProps={{ withinPortal: true }}
      />
      {withPhone && (
        <SaleCustomerPhoneInput idPrefix={idPrefix} phone={phone} onChange={onChange} error={phoneError} />
      )}
    </>
  );
}
