/** The settings module's public face: what other modules may use (ESLint refuses the rest). */
export type { TCompanyService } from './company.service.ts';
export { createOfficersRepository } from './officers.repository.ts';
export { createLinkedAccountsRepository } from './linked-accounts.repository.ts';
export { monoRefusal } from './linked-accounts.service.ts';
export type { TMonoClient } from './mono-client.ts';
