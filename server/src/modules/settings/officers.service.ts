import type { TOfficer, TOfficerRequest } from '@app/domain/schemas/settings';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database, Transaction } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createOfficersRepository } from './officers.repository.ts';

const OFFICER_NOT_FOUND = 'Officer not found';
export const OFFICER_EMAIL_TAKEN = 'An officer with this e-mail already exists';

/** Settings → Officers: who gets an e-mail for every requisition. */
export function createOfficersService(deps: { db: Database }) {
  const repo = createOfficersRepository(deps.db);
  const fields = (input: TOfficerRequest) => ({ name: input.officer_name, email: input.officer_email });

  const list = (actor: TActor): Promise<TOfficer[]> => repo.list(actor.tenantId);

  /** One row per address (any case): two rows would send every requisition to that person twice. */
  async function assertEmailFree(tx: Transaction, actor: TActor, email: string, ownId: number | null) {
    const officers = await createOfficersRepository(tx).list(actor.tenantId);
    const taken = officers.some(
      (officer) =>
        officer.officer_id !== ownId && officer.officer_email.toLowerCase() === email.trim().toLowerCase(),
    );
    if (taken) throw new AppError('conflict', OFFICER_EMAIL_TAKEN);
  }

  async function add(actor: TActor, input: TOfficerRequest): Promise<TOfficer> {
    return deps.db.transaction(async (tx) => {
      await assertEmailFree(tx, actor, input.officer_email, null);
      const officer = await createOfficersRepository(tx).insert(actor.tenantId, fields(input));
      await writeAudit(tx, actor, {
        kind: 'officer.created',
        recordType: 'officer',
        recordId: officer.officer_id,
        after: officer,
      });
      return officer;
    });
  }

  async function change(actor: TActor, id: number, input: TOfficerRequest): Promise<TOfficer> {
    return deps.db.transaction(async (tx) => {
      const officers = createOfficersRepository(tx);
      const before = await officers.find(actor.tenantId, id);
      if (before) await assertEmailFree(tx, actor, input.officer_email, id);
      const after = before && (await officers.update(actor.tenantId, id, fields(input)));
      if (!after) throw notFound(OFFICER_NOT_FOUND);
      await writeAudit(tx, actor, {
        kind: 'officer.updated',
        recordType: 'officer',
        recordId: id,
        before,
        after,
      });
      return after;
    });
  }

  async function remove(actor: TActor, id: number) {
    await deps.db.transaction(async (tx) => {
      const before = await createOfficersRepository(tx).remove(actor.tenantId, id);
      if (!before) throw notFound(OFFICER_NOT_FOUND);
      await writeAudit(tx, actor, { kind: 'officer.deleted', recordType: 'officer', recordId: id, before });
    });
    return { msg: 'Officer deleted' };
  }

  return { list, add, change, remove };
}

export type TOfficersService = ReturnType<typeof createOfficersService>;
