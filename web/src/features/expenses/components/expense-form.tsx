import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Input,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { businessDate } from '@app/domain/dates/business-date';
import type { TExpense } from '@app/domain/schemas/expenses';
import { InvoiceCapture } from '../../../components/invoice-capture/invoice-capture';
import { invoiceFileProblem } from '../../../components/invoice-capture/invoice-capture-file';
import { StoredFileButton } from '../../../components/stored-file-button';
import { failureText } from '../../../lib/notify';
import { useAuth } from '../../../lib/use-auth';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useExpenseEmployees } from '../api/get-expense-employees';
import { useCreateExpense, useUpdateExpense } from '../api/save-expense';
import { similarInvoiceExists } from '../api/check-similar-invoice';
import { uploadExpenseInvoice } from '../api/upload-expense-invoice';
import { SimilarInvoiceModal } from './similar-invoice-modal';
import { isUnreachable } from '../../../lib/offline/offline-sync';
import {
  expenseMethodOptions,
  EXPENSE_STATUS_OPTIONS,
  expenseBody,
  expenseFormSchema,
  expenseValues,
  newExpenseValues,
  type TExpenseFormValues,
  type TPaymentStatus,
} from '../utils/expense-form';
import { BACK_TO_LIST_MS, EXPENSE_MESSAGES } from '../utils/expense-messages';

const resolver = zod4Resolver(expenseFormSchema);
type TInvoice = { file: File; source: 'file' | 'camera' } | null;

/** The people the Employee box offers; the caller alone until the list has loaded. */
function useEmployeeOptions(callerId: number | null, callerName: string | null) {
  const employees = useExpenseEmployees();
  if (employees.data)
    return employees.data.map((person) => ({ value: String(person.employee_id), label: person.name }));
  return callerId ? [{ value: String(callerId), label: callerName ?? 'Me' }] : [];
}

/** New Expense and Edit Expense (spec 3 §2.2): every field, the invoice by file or camera, then back to the list. */
export function ExpenseForm({ expense, onBack }: { expense: TExpense | null; onBack: () => void }) {
  const auth = useAuth();
  const form = useForm<TExpenseFormValues>({
    mode: 'controlled',
    initialValues: expense ? expenseValues(expense) : newExpenseValues(auth.userId),
    validate: resolver,
  });
  const [invoice, setInvoice] = useState<TInvoice>(null);
  const [askAbout, setAskAbout] = useState<NonNullable<TInvoice> | null>(null);
  const [banner, setBanner] = useState<{ ok: boolean; text: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [savedFileUrl, setSavedFileUrl] = useState<string | null>(expense?.invoice_file_url ?? null);
  const [uploaded, setUploaded] = useState<{ file: File; url: string } | null>(null);
  const idempotency = useIdempotencyKey('expenses.create');
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const employees = useEmployeeOptions(auth.userId, auth.username);
  const values = form.getValues();
  const busy = uploading || create.isPending || update.isPending;
  const done = banner?.ok === true;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onBack, BACK_TO_LIST_MS);
    return () => clearTimeout(timer);
  }, [done, onBack]);

  const invoiceUrl = async (chosen: NonNullable<TInvoice>) => {
    if (uploaded?.file === chosen.file) return uploaded.url;
    const { invoice_file_url } = await uploadExpenseInvoice(chosen.file, chosen.source);
    setUploaded({ file: chosen.file, url: invoice_file_url });
    setSavedFileUrl(invoice_file_url);
    return invoice_file_url;
  };

  /** A chosen file whose name is like an earlier invoice's is kept only once the user says so. */
  const chooseInvoice = async (file: File | null, source: 'file' | 'camera') => {
    if (!file) return setInvoice(null);
    const chosen = { file, source };
    const askFirst =
      source === 'file' &&
      !invoiceFileProblem(file, EXPENSE_MESSAGES.fileSize) &&
      (await similarInvoiceExists(file.name));
    if (askFirst) setAskAbout(chosen);
    else setInvoice(chosen);
  };

  const saved = (text: string) => {
    idempotency.reset();
    setBanner({ ok: true, text });
  };
  const failed = (error: unknown) =>
    setBanner({ ok: false, text: failureText(EXPENSE_MESSAGES.saveFailure, error) });

  const submit = async (valid: TExpenseFormValues) => {
    if (busy || done || (invoice && invoiceFileProblem(invoice.file, EXPENSE_MESSAGES.fileSize))) return;
    setBanner(null);
    if (expense) {
      update.mutate(
        { id: expense.expense_id, body: expenseBody(valid), file: invoice?.file ?? null },
        { onSuccess: (answer) => saved(answer.msg), onError: failed },
      );
      return;
    }
    let url: string | null = null;
    let offlineInvoice: File | undefined;
    if (invoice) {
      setUploading(true);
      try {
        url = await invoiceUrl(invoice);
      } catch (error) {
        // The server cannot be reached: the expense waits on the device with its invoice, uploaded first on sync.
        if (isUnreachable(error)) offlineInvoice = invoice.file;
        else {
          const prefix =
            invoice.source === 'camera'
              ? EXPENSE_MESSAGES.captureUploadFailure
              : EXPENSE_MESSAGES.uploadFailure;
          setBanner({ ok: false, text: failureText(prefix, error) });
          return;
        }
      } finally {
        setUploading(false);
      }
    }
    const body = expenseBody(valid, url);
    create.mutate(
      { body, idempotencyKey: idempotency.keyFor(body), offlineInvoice },
      { onSuccess: (answer) => saved(answer.msg), onError: failed },
    );
  };

  const changeStatus = (status: TPaymentStatus) => {
    form.setFieldValue('payment_status', status);
    if (status !== 'partial') form.setFieldValue('amount_paid', '');
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form
        onSubmit={form.onSubmit((valid) => void submit(valid))}
        noValidate
        aria-label={expense ? 'Edit Expense' : 'New Expense'}
      >
        <Stack gap="md">
          <Group gap="xs">
            <ActionIcon variant="subtle" aria-label="Back to expenses" onClick={onBack}>
              <IconArrowLeft size={20} />
            </ActionIcon>
            <Title order={2}>{expense ? 'Edit Expense' : 'New Expense'}</Title>
          </Group>
          {banner && (
            <Alert color={banner.ok ? 'green' : 'red'} role={banner.ok ? 'status' : 'alert'}>
              {banner.text}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              id="expense-vendor_name"
              label="Vendor name"
              required
              maxLength={200}
              {...form.getInputProps('vendor_name')}
            />
            <MoneyInput
              id="expense-total_amount"
              label="Total amount (₦)"
              required
              {...form.getInputProps('total_amount')}
            />
            <TextInput
              id="expense-expense_date"
              type="date"
              label="Expense date"
              required
              max={businessDate()}
              {...form.getInputProps('expense_date')}
            />
            <NativeSelect
              id="expense-employee_id"
              label="Employee"
              data={employees}
              {...form.getInputProps('employee_id')}
            />
          </SimpleGrid>
          <Input.Wrapper
            label="Payment status"
            labelElement="div"
            labelProps={{ id: 'expense-payment_status-label' }}
            required
          >
            <SegmentedControl
              aria-labelledby="expense-payment_status-label"
              fullWidth
              data={EXPENSE_STATUS_OPTIONS}
              value={values.payment_status}
              onChange={(value) => changeStatus(value as TPaymentStatus)}
            />
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              id="expense-payment_method"
              label="Payment method"
              required
              data={expenseMethodOptions(expense?.payment_method ?? null)}
              {...form.getInputProps('payment_method')}
            />
            {/* Spec 3 §2.2: the amount paid is asked only for a partial payment (paid is the total, credit nothing). */}
            {values.payment_status === 'partial' && (
              <MoneyInput
                id="expense-amount_paid"
                label="Amount paid (₦)"
                required
                {...form.getInputProps('amount_paid')}
              />
            )}
            {values.payment_status !== 'paid' && (
              <TextInput
                id="expense-due_date"
                type="date"
                label="Due date"
                required
                {...form.getInputProps('due_date')}
              />
            )}
            <TextInput
              id="expense-invoice_number"
              label="Invoice number"
              maxLength={100}
              {...form.getInputProps('invoice_number')}
            />
          </SimpleGrid>
          <InvoiceCapture
            id="expense-invoice"
            label={expense?.invoice_file_url ? 'Replace invoice file' : 'Invoice file'}
            value={invoice?.file ?? null}
            onChange={(file, source) => void chooseInvoice(file, source)}
            sizeMessage={EXPENSE_MESSAGES.fileSize}
            cameraMessage={() => EXPENSE_MESSAGES.camera}
            disabled={busy}
          />
          <SimilarInvoiceModal
            fileName={askAbout?.file.name ?? null}
            onUpload={() => {
              setInvoice(askAbout);
              setAskAbout(null);
            }}
            onCancel={() => setAskAbout(null)}
          />
          {savedFileUrl && (
            <Group gap="xs">
              <StoredFileButton url={savedFileUrl} filename="expense-invoice" label="Open uploaded invoice" />
            </Group>
          )}
          <Textarea
            id="expense-notes"
            label="Notes"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            {...form.getInputProps('notes')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onBack} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={done}>
              {expense ? 'Save Changes' : 'Save Expense'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
