import type { TActor } from '../../platform/auth/access.ts';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createEmployeesRepository } from './employees.repository.ts';

/**
 * The person a record names (an expense's or a requisition's employee): one of the business's present people
 * (422 otherwise), the caller by default. An edit may keep the person the record already names
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
    throw new AppError('unprocessable', 'Choose an employee of this business');
  return id;
}
