import { defineExtensionMessaging } from '@webext-core/messaging';
import { z } from 'zod';
import type { Voice } from '../api/schemas';
import type { Result } from './result';
import type { SenderKind } from './sender';

/** The account as the UI shows it; never includes the key. */
export interface AccountView {
  email: string;
  plan: string;
  credits: number;
  /** When the figures were read from the service (ms since epoch). */
  fetchedAt: number;
}

export interface ServiceStatus {
  serviceUrl: string;
  hasKey: boolean;
  /** Last known account, shown at once while a fresh one is fetched. */
  account: AccountView | null;
}

export interface VoicesView {
  voices: Voice[];
  fetchedAt: number;
}

const refreshInput = z.object({ refresh: z.boolean().optional() }).strict().optional();

/**
 * Zod schema of every message's data, and which senders may send it. The background checks both
 * before acting (lib/messaging/router.ts); a message not listed here has no handler.
 */
export const messageRules = {
  getServiceStatus: { input: z.undefined(), from: ['extension'] },
  saveService: {
    input: z
      .object({
        serviceUrl: z.string().max(2048),
        /** A new key; absent keeps the saved one. */
        apiKey: z.string().trim().min(1).max(1024).optional(),
      })
      .strict(),
    from: ['extension'],
  },
  clearApiKey: { input: z.undefined(), from: ['extension'] },
  getAccount: { input: refreshInput, from: ['extension'] },
  getVoices: { input: refreshInput, from: ['extension'] },
} as const satisfies Record<string, { input: z.ZodType; from: readonly SenderKind[] }>;

type In<K extends keyof typeof messageRules> = z.input<(typeof messageRules)[K]['input']>;

/** One typed protocol for every message between the extension's contexts. */
export interface ProtocolMap {
  getServiceStatus(): Result<ServiceStatus>;
  saveService(data: In<'saveService'>): Result<AccountView>;
  clearApiKey(): Result<ServiceStatus>;
  getAccount(data?: In<'getAccount'>): Result<AccountView>;
  getVoices(data?: In<'getVoices'>): Result<VoicesView>;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>({ logger: undefined });
