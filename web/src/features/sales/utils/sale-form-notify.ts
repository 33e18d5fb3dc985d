export {
  failureText,
  notifyFailure as notifySaleError,
  notifySuccess as notifySaleSuccess,
} from '../../../lib/notify';
