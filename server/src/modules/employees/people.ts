import type { TActor } from '../../platform/auth/access.ts';
import type { Executor } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';

export const EMPLOYEE_NOT_FOUND = 'Employee not found';
import { createEmployeesRepository } from './employees.repository.ts';

/**
 * The person a record names (an expense's or a requisition's employee): one of the business's present people
 * (404 otherwise, as any id outside the business), the caller by default. An edit may keep the person the record already names
 * (`alreadyNamed`), even one removed since.
 */
export async function requirePerson(
  db: Executor,
  actor: TActor,
  employeeId: number | null | undefined,
  alreadyNamed: number | null = null,
): Promise<number> {
  const id = employeeId ?? actor.userId;
  if (id === alreadyNamed) return id;
  if (!(await createEmployeesRepository(db).isPersonOf(actor.tenantId, id)))
    throw notFound(EMPLOYEE_NOT_FOUND);
  return id;
}
