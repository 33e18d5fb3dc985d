export { failureText } from '../../../lib/notify';
