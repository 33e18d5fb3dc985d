import { EXPENSE_FILE_TOO_LARGE } from '@app/domain/files/uploads';

/** The Expenses screen's words (spec 3 §5, §8, §9). */
export const EXPENSE_MESSAGES = {
  listFailure: 'Failed to fetch expenses',
  pendingFailure: 'Failed to fetch pending expenses',
  rangeFailure: 'Failed to fetch expenses in range',
  deleteFailure: 'Failed to delete expense',
  saveFailure: 'Failed to save expense',
  paymentFailure: 'Failed to record payment',
  uploadFailure: 'Failed to upload invoice file',
  captureUploadFailure: 'Failed to upload captured image',
  camera: 'Failed to access camera. Please check permissions.',
  fileSize: EXPENSE_FILE_TOO_LARGE,
  confirmDelete: 'Are you sure you want to delete this expense?',
  notFound: 'Expense Not Found',
} as const;

/** Spec 3 §4: the form and the payment screen go back to the list 1.5 s after a save. */
export const BACK_TO_LIST_MS = 1500;
