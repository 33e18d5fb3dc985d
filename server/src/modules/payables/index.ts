/** The payables module's public face: later payments on money documents. */
export { addPayment, assertPaymentDate, markPaymentsDeleted, type TPayable } from './payables.service.ts';
export { createPayablesRepository } from './payables.repository.ts';
