// Shared set-up for the contract tests: one emulator per file, reset before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEmulator } from '../../emulator/server';
import { createServiceClient } from '../../lib/api/client';

export interface LogEntry {
  method: string;
  path: string;
  status: number;
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
  };
}
