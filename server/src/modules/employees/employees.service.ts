import { isCatalogueKey, PERMISSION_CATALOGUE } from '@app/domain/permissions/catalogue';
import { hasPermission, permissionCodes } from '@app/domain/permissions/check';
import { ROLE_TEMPLATES } from '@app/domain/permissions/role-templates';
import { FREE_EMPLOYEE_LIMIT, isProActive } from '@app/domain/plans/plans';
import type {
  TCreateEmployeeRequest,
  TPermissionGrant,
  TSaveGrantsRequest,
} from '@app/domain/schemas/employees';
import type { TActor } from '../../platform/auth/access.ts';
import { actorHas } from '../../platform/auth/guard.ts';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { TSessionStore } from '../../platform/auth/session-store.ts';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createOutboxRepository } from '../../platform/mail/outbox.repository.ts';
import { createTenantsRepository } from '../../platform/tenancy/tenants.repository.ts';
import { createEmployeesRepository } from './employees.repository.ts';
import { EMPLOYEE_NOT_FOUND } from './people.ts';

export const EMPLOYEE_LIMIT_REACHED =
  'The free plan allows 1 employee account. Upgrade to Pro to add more employees.';

function grantsOf(request: TSaveGrantsRequest): TPermissionGrant[] {
  if (Array.isArray(request)) return request;
  return 'permissions' in request ? request.permissions : request.grants;
}

/** The template a set of keys matches exactly, else "custom" (or null for no access). */
function accessChoiceOf(keys: readonly string[]): string | null {
  if (keys.length === 0) return null;
  const sorted = [...keys].sort().join(',');
  const match = Object.entries(ROLE_TEMPLATES).find(
    ([, template]) => [...template].sort().join(',') === sorted,
  );
  return match ? match[0] : 'custom';
}

export function createEmployeesService(deps: { db: Database; sessions: TSessionStore; loginUrl: string }) {
  const repo = createEmployeesRepository(deps.db);

  async function create(actor: TActor, input: TCreateEmployeeRequest) {
    const passwordHash = await hashPassword(input.password);
    try {
      return await deps.db.transaction(async (tx) => {
        const plan = await createTenantsRepository(tx).lockPlan(actor.tenantId);
        const txRepo = createEmployeesRepository(tx);
        if (!isProActive(plan, new Date()) && (await txRepo.count(actor.tenantId)) >= FREE_EMPLOYEE_LIMIT) {
          throw new AppError('forbidden', EMPLOYEE_LIMIT_REACHED);
        }
        const employee = await txRepo.insert({
          tenantId: actor.tenantId,
          name: input.name,
          email: input.email,
          passwordHash,
        });
        await writeAudit(tx, actor, {
          kind: 'employee.created',
          recordType: 'employee',
          recordId: employee.employee_id,
          after: employee,
        });
        await createOutboxRepository(tx).enqueue({
          tenantId: actor.tenantId,
          kind: 'employee_credentials',
          to: input.email,
          subject: `Your ${plan.name} account`,
          text: [
            `Hello ${input.name},`,
            '',
            `${plan.name} has created an account for you. Sign in with "Employee Login" at ${deps.loginUrl}`,
            '',
            `Email: ${input.email}`,
            `Password: ${input.password}`,
            '',
            'Please keep this password private.',
          ].join('\n'),
        });
        return {
          success: true,
          message: 'Employee created. Their login details have been e-mailed to them.',
          employee,
        };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', 'Email already registered');
      throw error;
    }
  }

  async function requireEmployee(actor: TActor, employeeId: number) {
    const employee = await repo.find(actor.tenantId, employeeId);
    if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
    return employee;
  }

  async function grants(actor: TActor, employeeId: number): Promise<TPermissionGrant[]> {
    await requireEmployee(actor, employeeId);
    const granted = new Set(await repo.grantedKeys(actor.tenantId, employeeId));
    return PERMISSION_CATALOGUE.map((p) => ({
      resource_key: p.resource_key,
      can_access: granted.has(p.resource_key),
    }));
  }

  async function saveGrants(actor: TActor, employeeId: number, request: TSaveGrantsRequest) {
    await requireEmployee(actor, employeeId);
    const submitted = grantsOf(request);
    const unknown = submitted.find((g) => !isCatalogueKey(g.resource_key));
    if (unknown) throw new AppError('bad_request', `Unknown permission: ${unknown.resource_key}`);
    const keys = [...new Set(submitted.filter((g) => g.can_access).map((g) => g.resource_key))];
    await deps.db.transaction(async (tx) => {
      const txRepo = createEmployeesRepository(tx);
      const before = (await txRepo.grantedKeys(actor.tenantId, employeeId)).sort();
      await txRepo.replaceGrants(actor.tenantId, employeeId, keys);
      await txRepo.setAccessChoice(actor.tenantId, employeeId, accessChoiceOf(keys));
      await writeAudit(tx, actor, {
        kind: 'employee.permissions_changed',
        recordType: 'employee',
        recordId: employeeId,
        before: { permissions: before },
        after: { permissions: [...keys].sort() },
      });
    });
    deps.sessions.forgetUser(employeeId);
    return { success: true, message: 'Permissions saved', permissions: await grants(actor, employeeId) };
  }

  /** GET /permissions/check: the caller about themself, or the MD (or a permission viewer) about an employee. */
  async function check(
    actor: TActor,
    userId: number,
    resourceKey: string,
  ): Promise<{ has_permission: boolean }> {
    if (userId === actor.userId) return { has_permission: actorHas(actor, resourceKey) };
    if (!actorHas(actor, 'employees.view_permissions.access'))
      throw new AppError('forbidden', 'You can only check your own permissions');
    await requireEmployee(actor, userId);
    const granted = await repo.grantedKeys(actor.tenantId, userId);
    return {
      has_permission: hasPermission(
        { role: 'employee', permissions: granted, permission_codes: permissionCodes(granted) },
        resourceKey,
      ),
    };
  }

  return { create, list: (actor: TActor) => repo.list(actor.tenantId), grants, saveGrants, check };
}

export type TEmployeesService = ReturnType<typeof createEmployeesService>;
