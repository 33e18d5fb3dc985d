/** The employees module's public face: what other modules may use (ESLint refuses the rest). */
export { createEmployeesRepository } from './employees.repository.ts';
export { requirePerson } from './people.ts';
