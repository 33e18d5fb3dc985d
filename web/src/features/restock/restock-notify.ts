export {
  notifyError,
  notifyFailure as notifyErrorText,
  notifySuccess,
  TOAST_MS as RESTOCK_TOAST_MS,
} from '../../lib/notify';

export const WAREHOUSES_ERROR = 'Failed to fetch warehouses';
