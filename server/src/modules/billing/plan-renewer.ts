import type { TBillingService } from './billing.service.ts';

const RENEWAL_INTERVAL_MS = 15 * 60 * 1000;

/**
 * The periodic worker that charges due Pro renewals from the saved card, then settles the checkouts left
 * pending (started by main.ts beside the outbox worker and the key sweeper). Each plan period is claimed once in `plan_renewals.last_attempt_for`,
 * so several processes may run it.
 */
export function createPlanRenewer(deps: {
  billing: Pick<TBillingService, 'renewDue' | 'settleStalePayments'>;
  log: { warn: (details: object, message: string) => void };
  intervalMs?: number;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  const run = async (): Promise<number> => {
    running ??= (async () => {
      const renewed = await deps.billing.renewDue();
      await deps.billing.settleStalePayments();
      return renewed;
    })().finally(() => (running = null));
    return running;
  };
  const tick = () => {
    run().catch((error: unknown) => deps.log.warn({ err: error }, 'plan renewal run failed'));
  };
  return {
    run,
    start() {
      tick();
      timer = setInterval(tick, deps.intervalMs ?? RENEWAL_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
}

export type TPlanRenewer = ReturnType<typeof createPlanRenewer>;
