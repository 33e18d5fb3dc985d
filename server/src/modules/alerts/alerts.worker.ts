import { businessDate, businessDayStart } from '@app/domain/dates/business-date';
import { planAllows } from '@app/domain/plans/plans';
import type { Database, Executor } from '../../platform/db/client.ts';
import { createOutboxRepository } from '../../platform/mail/outbox.repository.ts';
import { createOfficersRepository } from '../settings/index.ts';
import {
  DAILY_SUMMARY_EMAIL_KIND,
  dailySummaryEmail,
  LOW_STOCK_EMAIL_KIND,
  lowStockEmail,
  SUMMARY_LOW_ITEMS,
  type TEmailText,
} from './alert-emails.ts';
import { createAlertsRepository } from './alerts.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The hour (0–23) of an instant in Lagos. */
const lagosHour = (now: Date) =>
  Math.floor((now.getTime() - businessDayStart(businessDate(now)).getTime()) / HOUR_MS);

/** The MD and every inventory officer, each address once whatever its case. */
async function recipientsOf(db: Database, tenantId: number): Promise<string[]> {
  const md = await createAlertsRepository(db).mdEmail(tenantId);
  const officers = await createOfficersRepository(db).list(tenantId);
  const seen = new Map<string, string>();
  for (const email of [md, ...officers.map((officer) => officer.officer_email)]) {
    if (email && !seen.has(email.toLowerCase())) seen.set(email.toLowerCase(), email);
  }
  return [...seen.values()];
}

export type TAlertsRun = { lowStock: number; summaries: number };

/**
 * Low-stock alerts and daily summaries (Pro). Each alert is claimed by inserting its `alert_deliveries` row
 * (unique per business, kind, subject and business day) in the transaction that queues its e-mails, so
 * however many processes run it, an alert goes out once.
 */
export function createAlertsWorker(deps: {
  db: Database;
  log: { error: (details: object, message: string) => void };
  intervalMs?: number;
}) {
  const { db } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  async function send(tx: Executor, tenantId: number, kind: string, to: string[], email: TEmailText) {
    const outbox = createOutboxRepository(tx);
    for (const address of to) await outbox.enqueue({ tenantId, kind, to: address, ...email });
  }

  async function lowStockAlerts(business: { tenantId: number; name: string }, date: string): Promise<number> {
    const low = await createAlertsRepository(db).lowItemsMovedOn(business.tenantId, date);
    if (low.length === 0) return 0;
    const to = await recipientsOf(db, business.tenantId);
    let sent = 0;
    for (const item of low) {
      const claimed = await db.transaction(async (tx) => {
        if (!(await createAlertsRepository(tx).claim(business.tenantId, 'low_stock', item.id, date)))
          return false;
        await send(tx, business.tenantId, LOW_STOCK_EMAIL_KIND, to, lowStockEmail(business.name, item, date));
        return true;
      });
      if (claimed) sent += 1;
    }
    return sent;
  }

  async function dailySummary(business: { tenantId: number; name: string }, date: string): Promise<boolean> {
    if (await createAlertsRepository(db).delivered(business.tenantId, 'daily_summary', 0, date)) return false;
    const to = await createAlertsRepository(db).mdEmail(business.tenantId);
    return db.transaction(async (tx) => {
      const repo = createAlertsRepository(tx);
      if (!(await repo.claim(business.tenantId, 'daily_summary', 0, date))) return false;
      const email = dailySummaryEmail(business.name, date, {
        sales: await repo.salesOn(business.tenantId, date),
        expenses: await repo.expensesOn(business.tenantId, date),
        due: await repo.dueOn(business.tenantId, date),
        lowItems: await repo.lowItems(business.tenantId, SUMMARY_LOW_ITEMS),
        lowItemCount: await repo.lowItemCount(business.tenantId),
      });
      await send(tx, business.tenantId, DAILY_SUMMARY_EMAIL_KIND, to ? [to] : [], email);
      return true;
    });
  }

  /** One pass at `now`: what is due for every Pro business with its alerts on. */
  async function runAlertsOnce(now: Date = new Date()): Promise<TAlertsRun> {
    const date = businessDate(now);
    const hour = lagosHour(now);
    const result: TAlertsRun = { lowStock: 0, summaries: 0 };
    for (const business of await createAlertsRepository(db).activeProBusinesses(now)) {
      const state = {
        plan: business.plan,
        expires_at: business.planExpiresAt,
        transaction_count: business.transactionCount,
        plan_key: business.planKey,
      };
      if (!planAllows(state, 'alerts', now)) continue;
      if (business.lowStockEnabled) result.lowStock += await lowStockAlerts(business, date);
      if (
        business.dailySummaryEnabled &&
        hour >= business.dailySummaryHour &&
        (await dailySummary(business, date))
      )
        result.summaries += 1;
    }
    return result;
  }

  const tick = () => {
    running ??= runAlertsOnce()
      .catch((error: unknown) => deps.log.error({ err: error }, 'alerts run failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    runAlertsOnce,
    start() {
      timer ??= setInterval(tick, deps.intervalMs ?? 60_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type TAlertsWorker = ReturnType<typeof createAlertsWorker>;
