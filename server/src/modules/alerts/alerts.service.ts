import { planAllows } from '@app/domain/plans/plans';
import type { TAlertSettings, TAlertSettingsRequest } from '@app/domain/schemas/alerts';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { requirePlanFeature } from '../../platform/tenancy/plan-features.ts';
import { createTenantsRepository } from '../../platform/tenancy/tenants.repository.ts';
import { createAlertsRepository, type TAlertSettingsRow } from './alerts.repository.ts';

const toRequest = (row: TAlertSettingsRow): TAlertSettingsRequest => ({
  low_stock_enabled: row.lowStockEnabled,
  daily_summary_enabled: row.dailySummaryEnabled,
  daily_summary_hour: row.dailySummaryHour,
});

/** Settings → Alerts (MD): which Pro alerts the business gets, and the hour (Lagos) of its daily summary. */
export function createAlertsService(deps: { db: Database }) {
  const { db } = deps;

  async function get(actor: TActor): Promise<TAlertSettings> {
    const plan = await createTenantsRepository(db).plan(actor.tenantId);
    return {
      ...toRequest(await createAlertsRepository(db).settings(actor.tenantId)),
      plan_allows: planAllows(plan, 'alerts', new Date()),
    };
  }

  /** Only a Pro business changes them (403 otherwise); one audit entry when anything changed. */
  async function update(actor: TActor, input: TAlertSettingsRequest): Promise<TAlertSettings> {
    await requirePlanFeature(db, actor.tenantId, 'alerts');
    await db.transaction(async (tx) => {
      const repo = createAlertsRepository(tx);
      const before = toRequest(await repo.settings(actor.tenantId));
      const changed = (Object.keys(input) as (keyof TAlertSettingsRequest)[]).some(
        (key) => before[key] !== input[key],
      );
      if (!changed) return;
      await repo.saveSettings(actor.tenantId, {
        lowStockEnabled: input.low_stock_enabled,
        dailySummaryEnabled: input.daily_summary_enabled,
        dailySummaryHour: input.daily_summary_hour,
      });
      await writeAudit(tx, actor, {
        kind: 'alert_settings.changed',
        recordType: 'alert_settings',
        recordId: actor.tenantId,
        before,
        after: input,
      });
    });
    return get(actor);
  }

  return { get, update };
}

export type TAlertsService = ReturnType<typeof createAlertsService>;
