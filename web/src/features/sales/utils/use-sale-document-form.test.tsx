import type { FormEvent, ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type * as SaleFormNotify from './sale-form-notify';
import { useSaleDocumentForm, type TDocumentCheck } from './use-sale-document-form';
import { DEFAULT_PRICING } from './sale-lines';

vi.mock('./sale-form-notify', async (original) => ({
  ...(await original<typeof SaleFormNotify>()),
  notifySaleError: vi.fn(),
}));

type TValues = Parameters<typeof useSaleDocumentForm>[0]['initialValues'] & { customer_name: string };

const check = (values: TValues): TDocumentCheck<TValues> => {
  const fields: Record<string, string> = {};
  if (!values.customer_name.trim()) fields.customer_name = 'Customer name is required';
  if (values.lines.length === 0) fields.items = 'At least one item is required';
  const messages = Object.values(fields);
  return messages.length === 0 ? { ok: true, body: values } : { ok: false, problems: { messages, fields } };
};

describe('useSaleDocumentForm', () => {
  it('takes a problem off the summary once it is fixed, whichever way the value changed', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider>{children}</MantineProvider>;
    const { result } = renderHook(
      () =>
        useSaleDocumentForm<TValues>({
          initialValues: { warehouse_name: 'Main', lines: [], pricing: DEFAULT_PRICING, customer_name: '' },
          failure: 'Failed to create sale',
        }),
      { wrapper },
    );
    const submit = vi.fn();
    act(() =>
      result.current.handleSubmit({ preventDefault() {} } as FormEvent<HTMLFormElement>, check, submit),
    );
    expect(result.current.problems.messages).toEqual([
      'Customer name is required',
      'At least one item is required',
    ]);
    // Set straight on the form, as a picked customer or a restored draft may: not through `change`.
    act(() => result.current.form.setFieldValue('customer_name', 'Ada Obi'));
    expect(result.current.problems.messages).toEqual(['At least one item is required']);
    expect(result.current.errors).toEqual({ items: 'At least one item is required' });
    expect(submit).not.toHaveBeenCalled();
  });
});
