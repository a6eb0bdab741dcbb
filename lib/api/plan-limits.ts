import type { Plan } from './schemas';

export interface PlanLimits {
  /** Requests in flight at once. */
  concurrency: number;
  /** Request starts per rate window; Infinity when the plan has no rate cap. */
  perWindow: number;
}

/**
 * The contract's limits. Enterprise concurrency is "custom" there; 10 is our own cap so one
 * page can't open a hundred connections.
 */
export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = {
  free: { concurrency: 2, perWindow: 10 },
  pro: { concurrency: 5, perWindow: 60 },
  enterprise: { concurrency: 10, perWindow: Number.POSITIVE_INFINITY },
};
