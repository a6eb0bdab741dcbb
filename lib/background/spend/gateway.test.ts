import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEnglishMessages } from '../../i18n.test-helpers';

const URL_ = 'https://tts.test';
/** Every /translate sent, and the answers held back until released (the request is on the wire). */
let sent: string[] = [];
let held = new Map<string, () => void>();
let failWith: number | null = null;
const WAIT = { timeout: 10_000 };

beforeEach(async () => {
  fakeBrowser.reset();
  useEnglishMessages();
  sent = [];
  held = new Map();
  failWith = null;
  await fakeBrowser.storage.local.set({ apiKey: 'k', settings: { serviceUrl: URL_ } });
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    const { text } = JSON.parse(String(init!.body)) as { text: string };
    sent.push(text);
    if (held.has(text)) await new Promise<void>((release) => held.set(text, release));
    if (failWith) return Response.json({ success: false, error: { code: 'server_error', message: 'Boom' } }, { status: failWith });
    return Response.json({ success: true, translation: `[es] ${text}`, source_language: 'en', target_language: 'es' });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function load() {
  vi.resetModules();
  return { gateway: await import('./gateway'), keepAlive: await import('../keep-alive'), price: await import('../speech-price') };
}
const translateRun = (text: string) => (client: import('../../api/client').ServiceClient, signal: AbortSignal) =>
  client.translate({ text, target_language: 'es' }, { signal });

describe('the gateway', () => {
  it('keeps the worker alive while a paid call (shared or not) is under way, and only then', async () => {
    const { gateway, keepAlive } = await load();
    held.set('Hold me.', () => undefined);
    const call = gateway.sharedPaidCall('k', 'a', translateRun('Hold me.'), { priority: 5, keep: async (a) => a });
    await vi.waitFor(() => expect(sent).toEqual(['Hold me.']), WAIT);
    expect(keepAlive.keepingAlive()).toBe(true);
    held.get('Hold me.')!();
    await call;
    expect(keepAlive.keepingAlive()).toBe(false);
  });

  it('records a call that may have been charged without an answer: the next balance teaches no price', async () => {
    const { gateway, price } = await load();
    await price.learnFromBalance(URL_, 1_000);
    await price.noteSpeechPaid(URL_, 'mp3', 'x'.repeat(100));
    failWith = 500;
    await expect(gateway.paidCall(translateRun('Charged, then failed.'), { priority: 5 })).rejects.toMatchObject({ kind: 'server' });
    // 1,000 → 950 would be "100 characters of speech cost 50": it is not learned, nobody knows what the 500 cost.
    expect(await price.learnFromBalance(URL_, 950)).toBeNull();
    expect(await price.learnedPrice(URL_, 'mp3')).toBeNull();
  });

  it('a shared call is sent once for all its holders and kept once; letting go of it before it is sent withdraws it', async () => {
    const { gateway } = await load();
    const kept: string[] = [];
    const keep = async (answer: { translation: string }) => (kept.push(answer.translation), answer.translation);
    held.set('Busy one.', () => undefined);
    held.set('Busy two.', () => undefined);
    // The free plan's two slots are taken: what comes next waits, unsent.
    const busy = ['Busy one.', 'Busy two.'].map((text) => gateway.paidCall(translateRun(text), { priority: 9 }));
    await vi.waitFor(() => expect(sent).toHaveLength(2), WAIT);
    const a = gateway.sharedPaidCall('k1', 'a', translateRun('Shared.'), { priority: 5, keep });
    const b = gateway.sharedPaidCall('k1', 'b', translateRun('Shared.'), { priority: 5, keep });
    const dropped = gateway.sharedPaidCall('k2', 'a', translateRun('Not wanted.'), { priority: 1, keep });
    expect(gateway.isHeld((h) => h === 'b')).toBe(true);
    gateway.letGo((h) => h === 'a');
    // 'b' still wants k1; nobody wants k2 any more.
    expect(gateway.isUnderWay('k1')).toBe(true);
    await expect(dropped).rejects.toMatchObject({ kind: 'cancelled' });
    held.get('Busy one.')!();
    held.get('Busy two.')!();
    await Promise.all(busy);
    expect(await a).toBe('[es] Shared.');
    expect(await b).toBe('[es] Shared.');
    expect(sent.filter((t) => t === 'Shared.')).toHaveLength(1);
    expect(sent).not.toContain('Not wanted.');
    expect(kept).toEqual(['[es] Shared.']);
    expect(gateway.sharedCallHolders().size).toBe(0);
  });

  it('a shared call let go while on the wire is not withdrawn: it is paid, so it finishes and is kept, and a later asker joins it', async () => {
    const { gateway } = await load();
    const kept: string[] = [];
    const keep = async (answer: { translation: string }) => (kept.push(answer.translation), answer.translation);
    held.set('On the wire.', () => undefined);
    const first = gateway.sharedPaidCall('k', 'a', translateRun('On the wire.'), { priority: 5, keep });
    await vi.waitFor(() => expect(sent).toEqual(['On the wire.']), WAIT);
    gateway.letGo(() => true);
    expect(gateway.isUnderWay('k')).toBe(true);
    const later = gateway.sharedPaidCall('k', 'b', translateRun('On the wire.'), { priority: 5, keep });
    held.get('On the wire.')!();
    expect(await first).toBe('[es] On the wire.');
    expect(await later).toBe('[es] On the wire.');
    expect(sent).toEqual(['On the wire.']);
    expect(kept).toEqual(['[es] On the wire.']);
  });

  it('tells when a shared call has left for the service, not while it waits for a slot; one who joins it is told when it left', async () => {
    const { gateway } = await load();
    const keep = async (answer: { translation: string }) => answer.translation;
    held.set('Busy one.', () => undefined);
    held.set('Busy two.', () => undefined);
    held.set('Waiting.', () => undefined);
    const busy = ['Busy one.', 'Busy two.'].map((text) => gateway.paidCall(translateRun(text), { priority: 9 }));
    await vi.waitFor(() => expect(sent).toHaveLength(2), WAIT);
    const told: string[] = [];
    const first = gateway.sharedPaidCall('k', 'a', translateRun('Waiting.'), { priority: 5, keep, onSent: () => told.push(`a saw ${sent.length} sent`) });
    const joined = gateway.sharedPaidCall('k', 'b', translateRun('Waiting.'), { priority: 5, keep, onSent: () => told.push(`b saw ${sent.length} sent`) });
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    // Both slots are taken: it has not left, and nobody is told it has.
    expect(told).toEqual([]);
    held.get('Busy one.')!();
    await vi.waitFor(() => expect(told).toEqual(['a saw 3 sent', 'b saw 3 sent']), WAIT);
    expect(sent.at(-1)).toBe('Waiting.');
    held.get('Busy two.')!();
    held.get('Waiting.')!();
    await Promise.all([...busy, first, joined]);
    // Joining a call that has left already: told at once.
    held.set('Gone.', () => undefined);
    const gone = gateway.sharedPaidCall('g', 'a', translateRun('Gone.'), { priority: 5, keep });
    await vi.waitFor(() => expect(sent.at(-1)).toBe('Gone.'), WAIT);
    const late = new Promise<void>((resolve) => void gateway.sharedPaidCall('g', 'b', translateRun('Gone.'), { priority: 5, keep, onSent: resolve }));
    await late;
    held.get('Gone.')!();
    await gone;
    expect(sent.filter((t) => t === 'Gone.')).toHaveLength(1);
  });

  it('one who joins a call the plan’s pace holds hears how long it still waits (its asker heard it when it was scheduled)', async () => {
    const { gateway } = await load();
    const { scheduler } = await import('../service');
    const keep = async (answer: { translation: string }) => answer.translation;
    // The free plan's minute used up a moment ago.
    scheduler.seedHistory(Array.from({ length: 10 }, () => Date.now()));
    const told: string[] = [];
    const first = gateway.sharedPaidCall('p', 'a', translateRun('Paced.'), { priority: 5, keep, onPaced: (ms, cap) => told.push(`a: ${cap}, ${ms > 55_000 && ms <= 61_200}`) });
    await vi.waitFor(() => expect(told).toEqual(['a: 10, true']), WAIT);
    const joined = gateway.sharedPaidCall('p', 'b', translateRun('Paced.'), { priority: 5, keep, onPaced: (ms, cap) => told.push(`b: ${cap}, ${ms > 55_000 && ms <= 61_200}`) });
    expect(told).toEqual(['a: 10, true', 'b: 10, true']);
    gateway.letGo((holder) => holder === 'a' || holder === 'b');
    await Promise.allSettled([first, joined]);
    expect(sent).toEqual([]);
  });

  it('a call joined for another party that then fails is tried once more on its own, said as a retry; its own party gets the failure', async () => {
    const { gateway } = await load();
    const keep = async (answer: { translation: string }) => answer.translation;
    const failedFor: string[] = [];
    const retries: string[] = [];
    held.set('Slow.', () => undefined);
    const onFailed = (_: unknown, holders: ReadonlySet<string>) => failedFor.push(...holders);
    const first = gateway.sharedPaidCall('k', 'r1#0', translateRun('Slow.'), { priority: 5, keep, party: 'r1', onFailed });
    await vi.waitFor(() => expect(sent).toEqual(['Slow.']), WAIT);
    // The same reading's second ask, and another reading's (a restart, a download) join it.
    const sameParty = gateway.sharedPaidCall('k', 'r1#1', translateRun('Slow.'), { priority: 5, keep, party: 'r1', onFailed });
    const other = gateway.sharedPaidCall('k', 'r2#0', translateRun('Slow.'), { priority: 5, keep, party: 'r2', onFailed, onRetry: (e) => retries.push((e as { kind: string }).kind) });
    failWith = 500;
    held.get('Slow.')!();
    await expect(first).rejects.toMatchObject({ kind: 'server' });
    await expect(sameParty).rejects.toMatchObject({ kind: 'server' });
    // Remembered by the party that sent it only; the other tries again, said so.
    expect(failedFor.sort()).toEqual(['r1#0', 'r1#1']);
    await vi.waitFor(() => expect(sent).toEqual(['Slow.', 'Slow.']), WAIT);
    expect(retries).toEqual(['server']);
    failWith = null;
    held.get('Slow.')!();
    expect(await other).toBe('[es] Slow.');
    expect(sent).toHaveLength(2);
  });

  it('a joined call is tried again once at most, not for a failure no retry gets past, and not once its asker let go', async () => {
    const { gateway } = await load();
    const keep = async (answer: { translation: string }) => answer.translation;
    held.set('Down.', () => undefined);
    const first = gateway.sharedPaidCall('d', 'r1#0', translateRun('Down.'), { priority: 5, keep, party: 'r1' });
    await vi.waitFor(() => expect(sent).toEqual(['Down.']), WAIT);
    const other = gateway.sharedPaidCall('d', 'r2#0', translateRun('Down.'), { priority: 5, keep, party: 'r2' });
    failWith = 500;
    held.get('Down.')!();
    await expect(first).rejects.toMatchObject({ kind: 'server' });
    await vi.waitFor(() => expect(sent).toHaveLength(2), WAIT);
    held.get('Down.')!();
    // Its own try failed too: that failure is final.
    await expect(other).rejects.toMatchObject({ kind: 'server' });
    expect(sent).toHaveLength(2);

    // A rejected key: trying again would not get past it.
    held.set('Refused.', () => undefined);
    const refused = gateway.sharedPaidCall('r', 'r1#0', translateRun('Refused.'), { priority: 5, keep, party: 'r1' });
    await vi.waitFor(() => expect(sent.at(-1)).toBe('Refused.'), WAIT);
    const joinedRefused = gateway.sharedPaidCall('r', 'r2#0', translateRun('Refused.'), { priority: 5, keep, party: 'r2' });
    failWith = 401;
    held.get('Refused.')!();
    await expect(refused).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(joinedRefused).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(sent.filter((t) => t === 'Refused.')).toHaveLength(1);

    // Let go before the failure: nothing is sent for it.
    held.set('Gone.', () => undefined);
    failWith = 500;
    const sender = gateway.sharedPaidCall('g', 'r1#0', translateRun('Gone.'), { priority: 5, keep, party: 'r1' });
    await vi.waitFor(() => expect(sent.at(-1)).toBe('Gone.'), WAIT);
    const leaving = gateway.sharedPaidCall('g', 'r2#0', translateRun('Gone.'), { priority: 5, keep, party: 'r2' });
    gateway.letGo((h) => h.startsWith('r2'));
    held.get('Gone.')!();
    await expect(sender).rejects.toMatchObject({ kind: 'server' });
    await expect(leaving).rejects.toMatchObject({ kind: 'server' });
    expect(sent.filter((t) => t === 'Gone.')).toHaveLength(1);
  });
});
