import { planAllows, planFeatureRefusal, type TPlanFeature } from '@app/domain/plans/plans';
import type { Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { createTenantsRepository } from './tenants.repository.ts';

/** Refuses with 403 when the business's active plan lacks the feature (spec 1 §9); the server's only check. */
export async function requirePlanFeature(
  db: Executor,
  tenantId: number,
  feature: TPlanFeature,
): Promise<void> {
  const plan = await createTenantsRepository(db).plan(tenantId);
  if (!planAllows(plan, feature, new Date())) throw new AppError('forbidden', planFeatureRefusal(feature));
}

/** Whether the business's active plan includes a feature, for what is left out rather than refused (a receipt's logo). */
export async function hasPlanFeature(
  db: Executor,
  tenantId: number,
  feature: TPlanFeature,
): Promise<boolean> {
  return planAllows(await createTenantsRepository(db).plan(tenantId), feature, new Date());
}
