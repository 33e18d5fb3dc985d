/** The customers module's public face: what other modules may use (ESLint refuses the rest). */
export { createCustomersRepository } from './customers.repository.ts';
export { CUSTOMER_NOT_FOUND } from './customers.service.ts';
