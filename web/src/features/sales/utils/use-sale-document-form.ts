import { useState, type FormEvent } from 'react';
import { useForm } from '@mantine/form';
import { failureText, notifySaleError } from './sale-form-notify';
import type { TFormProblems } from './sale-form';
import { saleLinesReducer, type TPricingState, type TSaleLine, type TSaleLinesAction } from './sale-lines';

/** What the sale and proforma forms share: a warehouse, its lines and the pricing. */
export type TSaleDocumentValues = { warehouse_name: string; lines: TSaleLine[]; pricing: TPricingState };

/** A check of the values: the request body, or every message and the fields' own. */
export type TDocumentCheck<TBody> = { ok: true; body: TBody } | { ok: false; problems: TFormProblems };

/**
 * The sale and proforma forms on @mantine/form, as every other form is: the values (fields, lines and
 * pricing) live in the form, a field's message goes when it changes, and a refused submit shows every
 * message of the check (the shared schema's numbered ones, then the screen's own) with a toast of the first.
 * The check is passed at submit, so it sees what the screen knows then (an invoice picked, a permission).
 */
export function useSaleDocumentForm<TValues extends TSaleDocumentValues>(options: {
  initialValues: TValues;
  failure: string;
  onValuesChange?: (values: TValues) => void;
}) {
  const [messages, setMessages] = useState<string[]>([]);
  // The check of the refused submit, run again on the values as they change: a line of the summary (and a
  // field's message) goes once it is fixed, however it was fixed (a typed name, a picked customer, a scanned
  // item); nothing new is added before the next submit.
  const [lastCheck, setLastCheck] = useState<{ run: (values: TValues) => TDocumentCheck<unknown> } | null>(
    null,
  );
  const form = useForm<TValues>({
    initialValues: options.initialValues,
    ...(options.onValuesChange ? { onValuesChange: options.onValuesChange } : {}),
  });
  const values = form.getValues();

  /** Clears the fields' errors (and so their lines of the summary above the form). */
  const clearErrors = (fields: readonly string[]) => {
    for (const field of fields) form.clearFieldError(field);
  };
  const recheck = lastCheck?.run(values);
  const stillWrong = (message: string) =>
    !recheck || (!recheck.ok && recheck.problems.messages.includes(message));
  const shownMessages = messages.filter(stillWrong);
  const shownErrors = Object.fromEntries(
    Object.entries(form.errors as Record<string, string>).filter(([, message]) => stillWrong(message)),
  );

  const change = (patch: Partial<TValues>) => {
    form.setValues(patch);
    clearErrors(Object.keys(patch));
  };

  const dispatchLines = (action: TSaleLinesAction) => {
    form.setValues((current) => ({
      ...current,
      lines: saleLinesReducer(current.lines as TSaleLine[], action),
    }));
    clearErrors(['items']);
  };

  const changePricing = (patch: Partial<TPricingState>) => {
    form.setValues((current) => ({
      ...current,
      pricing: { ...(current.pricing as TPricingState), ...patch },
    }));
    clearErrors(['discount_value', 'vat_rate']);
  };

  /** Lines belong to the warehouse they were picked from. */
  const changeWarehouse = (name: string) => {
    change({ warehouse_name: name } as Partial<TValues>);
    dispatchLines({ type: 'clear' });
  };

  const reset = (next: TValues) => {
    form.setValues(next);
    form.clearErrors();
    setMessages([]);
  };

  /** The form's submit: shows what `check` refuses; otherwise hands its body on. */
  const handleSubmit = <TBody>(
    event: FormEvent<HTMLFormElement>,
    check: (values: TValues) => TDocumentCheck<TBody>,
    submit: (body: TBody, values: TValues) => void,
  ) => {
    event.preventDefault();
    const current = form.getValues();
    const checked = check(current);
    if (!checked.ok) {
      form.setErrors(checked.problems.fields);
      setMessages(checked.problems.messages);
      setLastCheck({ run: check });
      notifySaleError(checked.problems.messages[0] ?? options.failure);
      return;
    }
    form.clearErrors();
    setMessages([]);
    submit(checked.body, current);
  };

  return {
    form,
    values,
    errors: shownErrors,
    problems: { messages: shownMessages, fields: shownErrors } satisfies TFormProblems,
    change,
    clearErrors,
    dispatchLines,
    changePricing,
    changeWarehouse,
    reset,
    handleSubmit,
    failureText: (error: unknown) => failureText(options.failure, error),
    /**
     * The server refused the document (a price below the item's, a discount without the key, …): its detail
     * stays above the form, with the screen's words, until the next submit, and shows as a toast.
     */
    refused: (error: unknown) => {
      const text = failureText(options.failure, error);
      setMessages([text]);
      setLastCheck(null);
      notifySaleError(text);
    },
  };
}
