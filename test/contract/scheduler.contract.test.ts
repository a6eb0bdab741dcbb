// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import type { ServiceError } from '../../lib/api/errors';
import { createRequestScheduler } from '../../lib/api/scheduler';
import { useEmulator } from './emulator-harness';
import { useEnglishMessages } from '../../lib/i18n.test-helpers';

const WINDOW_MS = 3000;
const emu = useEmulator({ rateWindowMs: WINDOW_MS });
/** Long enough that the window's 2 % margin (150 ms) covers a loaded machine's jitter. */
const LIMITS_WINDOW_MS = 7500;
const limitsEmu = useEmulator({ rateWindowMs: LIMITS_WINDOW_MS });

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('scheduler over real HTTP', () => {
  it('keeps a free key under its limits: 20 requests over two windows, zero 429', { timeout: 40_000 }, async () => {
    const api = limitsEmu.client('demo-free');
    // Another key opens the connections first: a request on a cold connection can take hundreds of
    // ms to arrive on a loaded machine, and the service counts arrivals where we count departures.
    await Promise.all([0, 1].map(() => limitsEmu.client('demo-enterprise').getUser()));
    await fetch(`${limitsEmu.url()}/__emulator/log`, { method: 'DELETE' });
    // The real window's slack (2 % of 60 s), not 2 % of this shrunk one: on a busy machine requests
    // arrived up to 450 ms after they left, and one slipped into the service's next window (a 429).
    const scheduler = createRequestScheduler({ plan: 'free', windowMs: LIMITS_WINDOW_MS, slackMs: 1_200 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 5 === 0
          ? scheduler.schedule((signal) => api.translate({ text: `Hello ${i}`, target_language: 'German' }, { signal }), { paid: true })
          : scheduler.schedule((signal) => api.getUser({ signal }), { paid: false }),
      ),
    );
    expect(results).toHaveLength(20);
    const log = (await limitsEmu.log()).filter((r) => r.path.startsWith('/api/v1/'));
    expect(log).toHaveLength(20);
    expect(log.filter((r) => r.status === 429)).toEqual([]);
  });

  it('retries a 429 after Retry-After and succeeds', { timeout: 15_000 }, async () => {
    await emu.fault('rate-limit', { path: '/api/v1/translate' });
    const api = emu.client('demo-pro');
    const scheduler = createRequestScheduler({ plan: 'pro', windowMs: WINDOW_MS });
    const started = Date.now();
    const result = await scheduler.schedule(
      (signal) => api.translate({ text: 'Good morning', target_language: 'Spanish' }, { signal }),
      { paid: true },
    );
    expect(result.translation.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect((await emu.log()).map((r) => r.status)).toEqual([429, 200]);
  });

  it('does not repeat a paid request that timed out', async () => {
    await emu.fault('slow', { path: '/api/v1/translate', delayMs: 1500 });
    const api = emu.client('demo-pro', 300);
    const scheduler = createRequestScheduler({ plan: 'pro', windowMs: WINDOW_MS });
    const error = await scheduler
      .schedule((signal) => api.translate({ text: 'Hello', target_language: 'French' }, { signal }), { paid: true })
      .catch((e: ServiceError) => e);
    expect(error).toMatchObject({ kind: 'timeout' });
    await new Promise((r) => setTimeout(r, 1600));
    expect((await emu.log()).filter((r) => r.path === '/api/v1/translate')).toHaveLength(1);
  });

  it('reports a 500 on a paid request instead of repeating it (it may have billed); asking again works', async () => {
    await emu.fault('server-error', { path: '/api/v1/translate' });
    const api = emu.client('demo-free');
    const scheduler = createRequestScheduler({ plan: 'free', windowMs: WINDOW_MS });
    const text = 'Thank you very much';
    const run = (signal: AbortSignal) => api.translate({ text, target_language: 'Italian' }, { signal });
    await expect(scheduler.schedule(run, { paid: true })).rejects.toMatchObject({ kind: 'server', status: 500 });
    await scheduler.schedule(run, { paid: true });
    expect((await emu.log()).map((r) => r.status)).toEqual([500, 200]);
    expect((await api.getUser()).credits).toBe(2000 - Math.ceil(text.length / 10));
  });
});

describe('paid work that breaks after the service accepted it', () => {
  const ledger = async () => ((await (await fetch(`${emu.url()}/__emulator/ledger`)).json()) as { entries: { path: string; credits: number }[] }).entries;

  it.each([
    ['speech', (api: ReturnType<typeof emu.client>, signal: AbortSignal): Promise<unknown> => api.tts({ text: 'Cut short after billing.', voice_id: 'en-amelia' }, { signal })],
    ['a translation', (api: ReturnType<typeof emu.client>, signal: AbortSignal): Promise<unknown> => api.translate({ text: 'Cut short after billing.', target_language: 'German' }, { signal })],
  ])('%s cut mid-body is charged once, reported as "may be paid for", and not sent again', { timeout: 15_000 }, async (_, send) => {
    await emu.fault('charged-cut');
    const scheduler = createRequestScheduler({ plan: 'pro', windowMs: WINDOW_MS });
    const api = emu.client('demo-pro');
    const error = (await scheduler.schedule((signal) => send(api, signal), { paid: true }).catch((e: unknown) => e)) as ServiceError;
    expect(error).toMatchObject({ kind: 'badResponse', status: 200, mayBeCharged: true });
    expect(error.message).toMatch(/cut short.*may already be paid for/);
    expect(await ledger()).toHaveLength(1);
    expect((await emu.log()).filter((r) => r.path.startsWith('/api/v1/'))).toHaveLength(1);
  });

  it('a 500 after billing is not sent again either', { timeout: 15_000 }, async () => {
    await emu.fault('charged-error');
    const scheduler = createRequestScheduler({ plan: 'pro', windowMs: WINDOW_MS });
    const api = emu.client('demo-pro');
    const run = (signal: AbortSignal) => api.translate({ text: 'Billed then failed.', target_language: 'German' }, { signal });
    await expect(scheduler.schedule(run, { paid: true })).rejects.toMatchObject({ kind: 'server', status: 500 });
    expect(await ledger()).toEqual([expect.objectContaining({ path: '/api/v1/translate', credits: 2 })]);
    expect((await emu.log()).filter((r) => r.path === '/api/v1/translate')).toHaveLength(1);
  });
});
