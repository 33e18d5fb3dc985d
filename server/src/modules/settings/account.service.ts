import type {
  TBusinessImportResponse,
  TDeleteAccountRequest,
  TDeleteAccountResponse,
} from '@app/domain/schemas/settings-account';
import { FREE_TRANSACTION_LIMIT } from '@app/domain/plans/plans';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { TActor } from '../../platform/auth/access.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import type { TSessionStore } from '../../platform/auth/session-store.ts';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TImportLimits } from '../../platform/config.ts';
import type { Database } from '../../platform/db/client.ts';
import { createFailureCounter } from '../../platform/security/failure-counter.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { TFilesService } from '../files/index.ts';
import { createAccountRepository } from './account.repository.ts';
import { streamBusinessExport } from './business-export.ts';
import {
  importBusiness,
  parseExport,
  storedFileFacts,
  type TImportResult,
  type TStoredImportFile,
} from './business-import.ts';
import { importTooLarge } from './business-import-unpack.ts';
import { assertUploadSpace } from '../files/index.ts';

export const INCORRECT_PASSWORD = 'Incorrect password';
export const TOO_MANY_WRONG_PASSWORDS = 'Too many wrong passwords. Please wait 15 minutes and try again.';
export const NOT_YOUR_EMAIL = 'This is not the e-mail of your account';
export const NO_SUCH_EMPLOYEE = 'No employee with this e-mail in this business';
export const EMPLOYEE_NAME_MISMATCH = 'The name does not match this employee';
export const businessNameMismatch = (name: string) =>
  `Type the business name exactly as it is ("${name}") to confirm`;
const MAX_FAILURES = 5;
/** An import's temporary folder this old was left by a process stopped mid-import: the next import removes it. */
const STALE_IMPORT_MS = 24 * 60 * 60_000;

async function removeStaleImports(tempDir: string): Promise<void> {
  for (const name of await readdir(tempDir)) {
    if (!name.startsWith('import-')) continue;
    const folder = path.join(tempDir, name);
    const modified = await stat(folder).then(
      (found) => found.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > STALE_IMPORT_MS) await rm(folder, { recursive: true, force: true });
  }
}
const WINDOW_MS = 15 * 60_000;

/**
 * Settings → Delete Account (spec 1 §2, §7), for the MD only, after their own password:
 * - "employee": removes one employee (e-mail, and their name typed as the confirmation). The row stays with
 *   removed_at set, so their sales and expenses keep their name; their sessions end at once, they cannot sign
 *   in, and the e-mail may be given to a new account.
 * - "user": closes the whole business (the MD's e-mail, and the business name typed exactly). Every row of
 *   it goes, its audit trail too, then its uploaded files; every session of it ends.
 * Wrong passwords are counted per account in the database (every process sees them): past 5 in 15 minutes, 429.
 */
export function createAccountService(deps: {
  db: Database;
  sessions: TSessionStore;
  files: TFilesService;
  log: FastifyBaseLogger;
  importLimits: TImportLimits;
  /** Where an import's upload and unzipped files wait while it runs (DATA_DIR/temp); removed after each. */
  tempDir: string;
}) {
  const repo = createAccountRepository(deps.db);
  const failures = createFailureCounter(deps.db, { scope: 'account_password', windowMs: WINDOW_MS });

  async function checkPassword(actor: TActor, password: string) {
    const account = `user:${actor.userId}`;
    if ((await failures.most(account)) >= MAX_FAILURES)
      throw new AppError('too_many_requests', TOO_MANY_WRONG_PASSWORDS);
    if (!(await verifyPassword(await repo.passwordHashOf(actor.userId), password))) {
      await failures.record(account);
      throw new AppError('forbidden', INCORRECT_PASSWORD);
    }
    await failures.clear(account);
  }

  async function removeEmployee(
    actor: TActor,
    input: TDeleteAccountRequest,
  ): Promise<TDeleteAccountResponse> {
    const employee = await repo.findEmployee(actor.tenantId, input.email);
    if (!employee) throw notFound(NO_SUCH_EMPLOYEE);
    if (employee.name.trim().toLowerCase() !== input.name_value.toLowerCase())
      throw new AppError('bad_request', EMPLOYEE_NAME_MISMATCH);
    await deps.db.transaction(async (tx) => {
      const txRepo = createAccountRepository(tx);
      const removedAt = await txRepo.markRemoved(actor.tenantId, employee.employee_id);
      await txRepo.endSessionsOf(employee.employee_id);
      await writeAudit(tx, actor, {
        kind: 'employee.removed',
        recordType: 'employee',
        recordId: employee.employee_id,
        before: employee,
        after: { removed_at: removedAt.toISOString() },
      });
    });
    deps.sessions.forgetUser(employee.employee_id);
    return {
      success: true,
      message: `${employee.name}'s account has been deleted. Their records keep their name.`,
      account_type: 'employee',
    };
  }

  async function closeBusiness(actor: TActor, input: TDeleteAccountRequest): Promise<TDeleteAccountResponse> {
    if (input.email.toLowerCase() !== actor.email.toLowerCase())
      throw new AppError('bad_request', NOT_YOUR_EMAIL);
    if (input.name_value !== actor.tenantName.trim())
      throw new AppError('bad_request', businessNameMismatch(actor.tenantName));
    const people = await repo.userIdsOf(actor.tenantId);
    await deps.db.transaction((tx) => createAccountRepository(tx).deleteBusiness(actor.tenantId));
    for (const userId of people) deps.sessions.forgetUser(userId);
    await deps.files.removeBusinessFiles(actor.tenantId).catch((error: unknown) => {
      deps.log.error({ err: error, tenantId: actor.tenantId }, 'a closed business’s files were not removed');
    });
    return {
      success: true,
      message: `${actor.tenantName} has been closed and all its data deleted.`,
      account_type: 'user',
    };
  }

  async function deleteAccount(actor: TActor, input: TDeleteAccountRequest) {
    await checkPassword(actor, input.password);
    return input.account_type === 'employee' ? removeEmployee(actor, input) : closeBusiness(actor, input);
  }

  /** The business's zip, streamed; the audit trail records who took a copy of everything, and when. */
  async function exportBusiness(actor: TActor) {
    const files = await repo.storedFilesSize(actor.tenantId);
    await writeAudit(deps.db, actor, {
      kind: 'business.exported',
      recordType: 'business',
      recordId: actor.tenantId,
      after: { files: files.count, file_bytes: files.bytes },
    });
    return streamBusinessExport({ db: deps.db, files: deps.files, tenantId: actor.tenantId, log: deps.log });
  }

  /** The import's answer: counts, and what the MD must do for the employees. */
  function importMessage(result: TImportResult): string {
    const rows = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
    const plural = (n: number, word: string) => `${n.toLocaleString('en-NG')} ${word}${n === 1 ? '' : 's'}`;
    const parts = [`Imported ${plural(rows, 'record')} and ${plural(result.files, 'file')}.`];
    if (result.employees_without_password > 0)
      parts.push(
        `${result.employees_without_password} employee${result.employees_without_password === 1 ? '' : 's'} came across without a password: give each a new password in Settings → Password before they sign in.`,
      );
    if (result.employees_removed.length > 0)
      parts.push(
        `Their e-mail belongs to another account, so these came across as removed employees: ${result.employees_removed.join(', ')}.`,
      );
    if (result.transactions_carried > 0)
      parts.push(
        `The export's ${plural(result.transactions_carried, 'transaction')} count toward the free plan's ${FREE_TRANSACTION_LIMIT}.`,
      );
    return parts.join(' ');
  }

  /**
   * Settings → Your Data → Import: the export's zip (the upload's stream, cut at the import's limit) into this
   * (empty) business. The upload goes to a temporary file, never whole into memory; it is unzipped and read on a
   * document worker, which writes each file to a temporary file of its own; the files are stored one at a time
   * under new ids, then every row goes in one transaction; if it fails, the stored files are removed again. The
   * temporary files go whatever happens.
   */
  async function importBusinessExport(
    actor: TActor,
    upload: Readable & { truncated: boolean },
  ): Promise<TBusinessImportResponse> {
    await mkdir(deps.tempDir, { recursive: true });
    await removeStaleImports(deps.tempDir);
    const dir = await mkdtemp(path.join(deps.tempDir, 'import-'));
    try {
      const zipPath = path.join(dir, 'export.zip');
      await pipeline(upload, createWriteStream(zipPath));
      if (upload.truncated) throw new AppError('too_large', importTooLarge(deps.importLimits.zipBytes));
      const parsed = await parseExport(
        actor.tenantId,
        zipPath,
        path.join(dir, 'files'),
        deps.importLimits.unzippedBytes,
      );
      await rm(zipPath, { force: true });
      return await importParsed(actor, parsed);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function importParsed(
    actor: TActor,
    parsed: Awaited<ReturnType<typeof parseExport>>,
  ): Promise<TBusinessImportResponse> {
    const named = new Set((parsed.tables.get('stored_files') ?? []).map((row) => String(row.id)));
    const files = [...parsed.files].filter(([id]) => named.has(id));
    await assertUploadSpace(
      deps.db,
      actor.tenantId,
      files.reduce((sum, [, file]) => sum + file.size, 0),
    );
    const storedFiles = new Map<string, TStoredImportFile>();
    const stored: string[] = [];
    try {
      // One file in memory at a time: read, stored, let go (and its temporary file removed).
      for (const [id, file] of files) {
        const content = await readFile(file.path);
        const newId = randomUUID();
        await deps.files.putStored(actor.tenantId, newId, content);
        stored.push(newId);
        storedFiles.set(id, { id: newId, ...storedFileFacts(content) });
        await rm(file.path, { force: true });
      }
      const result = await deps.db.transaction(async (tx) => {
        const done = await importBusiness(tx, actor, parsed, storedFiles);
        await writeAudit(tx, actor, {
          kind: 'business.imported',
          recordType: 'business',
          recordId: actor.tenantId,
          after: done,
        });
        return done;
      });
      return { success: true, message: importMessage(result), ...result };
    } catch (error) {
      for (const id of stored) await deps.files.removeStored(actor.tenantId, id).catch(() => undefined);
      if (error instanceof AppError) throw error;
      if (error instanceof SyntaxError)
        throw new AppError('unprocessable', 'The export cannot be imported: a value is not readable JSON.');
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && /^(22|23)/.test(code)) {
        deps.log.warn({ err: error }, 'a business import was refused by the database');
        throw new AppError(
          'unprocessable',
          'The export cannot be imported: its rows do not fit this app’s rules.',
        );
      }
      throw error;
    }
  }

  return { deleteAccount, exportBusiness, importBusinessExport };
}

export type TAccountService = ReturnType<typeof createAccountService>;
