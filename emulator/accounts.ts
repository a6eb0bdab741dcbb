/**
 * Accounts, plans and their limits: the emulator's stand-in for the service's user database.
 */
import { createHash } from 'node:crypto';

/** An account the emulator accepts (its `key` is the Bearer token). */
export interface EmulatorAccount {
  key: string;
  plan: 'free' | 'pro' | 'enterprise';
  credits: number;
  email: string;
  /** If set: the voices list this key sees is padded with synthetic voices up to this many (for a 1,000-voice UI test). */
  voices?: number;
}

/** The accounts tests and the demo rely on (exact keys). */
export const DEFAULT_ACCOUNTS: EmulatorAccount[] = [
  { key: 'demo-free', plan: 'free', credits: 2000, email: 'free@demo.test' },
  { key: 'demo-pro', plan: 'pro', credits: 100000, email: 'pro@demo.test' },
  { key: 'demo-enterprise', plan: 'enterprise', credits: 10000000, email: 'enterprise@demo.test' },
  { key: 'demo-low', plan: 'pro', credits: 5, email: 'low@demo.test' },
  { key: 'demo-voices', plan: 'pro', credits: 100000, email: 'voices@demo.test', voices: 1000 },
];

/** Per-plan limits from the contract; enterprise ("unlimited"/"custom") has none here. */
export const PLAN_LIMITS: Record<EmulatorAccount['plan'], { perMinute: number; concurrent: number }> = {
  free: { perMinute: 10, concurrent: 2 },
  pro: { perMinute: 60, concurrent: 5 },
  enterprise: { perMinute: Infinity, concurrent: Infinity },
};

/** A stable `usr_...` id derived from the key by hashing, so the id never reveals the key. */
export function userId(key: string): string {
  return `usr_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}
