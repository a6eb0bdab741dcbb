// Shared set-up for the contract tests: one emulator per file, reset before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEmulator } from '../../emulator/server';
import type { LedgerEntry } from '../../emulator/state';
import { createServiceClient } from '../../lib/api/client';
import { accountItem } from '../../lib/settings/cache-items';
import { apiKeyItem, updateSettings } from '../../lib/settings/items';
import type { Settings } from '../../lib/settings/schema';

export interface LogEntry {
  method: string;
  path: string;
  status: number;
  /** The first 80 characters of the request's `text` (tts/translate), so a test can tell which part was asked for. */
  textStart?: string;
}

type Emulator = Awaited<ReturnType<typeof startEmulator>>;

/** Starts an emulator for the current test file and returns helpers bound to it. */
export function useEmulator(options: Parameters<typeof startEmulator>[0] = {}) {
  let emulator: Emulator | undefined;
  const url = () => {
    if (!emulator) throw new Error('emulator not started');
    return emulator.url;
  };

  async function control(path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${url()}/__emulator/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok) throw new Error(`control ${path} failed: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  }

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, ...options });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(async () => {
    await control('reset');
  });

  return {
    url,
    client: (apiKey: string, timeoutMs?: number) => createServiceClient({ baseUrl: `${url()}/`, apiKey, timeoutMs }),
    fault: (type: string, extra: { path?: string; times?: number; delayMs?: number } = {}) =>
      control('faults', { type, ...extra }),
    setAccount: (key: string, change: { credits?: number; plan?: string }) => control('accounts', { key, ...change }),
    log: async (): Promise<LogEntry[]> => {
      const res = await fetch(`${url()}/__emulator/log`);
      return ((await res.json()) as { requests: LogEntry[] }).requests;
    },
    /** Every charge the emulator kept, oldest first: what the account was really billed. */
    ledger: async (): Promise<LedgerEntry[]> => {
      const res = await fetch(`${url()}/__emulator/ledger`);
      return ((await res.json()) as { entries: LedgerEntry[] }).entries;
    },
    /**
     * The worker signed in to this emulator as the pro demo account (100,000 credits, as if its
     * account was just fetched), translating into Spanish; `extraSettings` is applied with those settings.
     */
    signIn: async (extraSettings: Partial<Settings> = {}): Promise<void> => {
      await apiKeyItem.setValue('demo-pro');
      await updateSettings({ serviceUrl: url(), targetLanguage: 'es', ...extraSettings });
      await accountItem.setValue({ email: 'pro@demo.test', plan: 'pro', credits: 100_000, fetchedAt: Date.now(), serviceUrl: url() });
    },
  };
}
