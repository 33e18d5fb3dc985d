/** The employees module's public face: what other modules may use (ESLint refuses the rest). */
export { createEmployeesRepository } from './employees.repository.ts';
export { EMPLOYEE_NOT_FOUND, requirePerson } from './people.ts';
