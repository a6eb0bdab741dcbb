import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { takeConfirmed } from '../spend/questions';
import { useEnglishMessages } from '../../i18n.test-helpers';
import type { ReadingPlan } from '../../player/contract';
import { updateSettings } from '../../settings/items';
import { prepareSpeech } from '../../speech/chunk';
import { chunkOfSentence } from '../../player/sentence-position';
import { boughtFrom, costOfReaching, mayReach } from './reach';
import type { ReadingSession } from './session';

const PARAMS = { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' } as const;
const TEXT = 'The morning was cool and bright, and the road ran long beside the quiet river. '.repeat(400);

/** A long reading started "from here" at `startSentence` (its plan as the worker makes it). */
function sessionFrom(startSentence: number, extra: Partial<ReadingSession> = {}): ReadingSession {
  const { chunks, sentences } = prepareSpeech(TEXT, 'en');
  const plan: ReadingPlan = { sessionId: 's1', params: PARAMS, chunks, sentenceCount: sentences.length, title: 'T' };
  return { plan, sentences: [], tabId: 7, frameId: 0, position: null, startSentence, ...extra };
}

/** Every notice the page was sent. */
function watchPage() {
  const notices: unknown[] = [];
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockImplementation(((_tab: number, message: { data?: unknown }, _options: unknown, reply: (r: unknown) => void) => {
    notices.push(message.data);
    reply({ res: { ok: true, value: undefined } });
  }) as never);
  return notices;
}

beforeEach(async () => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
  useEnglishMessages();
  await updateSettings({ confirmAboveCredits: 200 });
});

describe('boughtFrom', () => {
  it('is where the reading started, or where a jump back agreed to go', () => {
    expect(boughtFrom({})).toBe(0);
    expect(boughtFrom({ startSentence: 40 })).toBe(40);
    expect(boughtFrom({ startSentence: 40, boughtFrom: 12 })).toBe(12);
  });
});

describe('costOfReaching', () => {
  it('counts only the chunks before the part agreed to', async () => {
    const session = sessionFrom(300);
    expect((await costOfReaching(session, 300, 200)).credits).toBe(0);
    expect((await costOfReaching(session, 350, 200)).credits).toBe(0);
    const all = await costOfReaching(session, 0, 200);
    // The chunks before the one holding sentence 300, at the cautious prior of 0.1 credits a character.
    const before = session.plan.chunks.slice(0, chunkOfSentence(session.plan.chunks, 300));
    expect(before.length).toBeGreaterThan(1);
    expect(all).toEqual({ credits: before.reduce((sum, chunk) => sum + Math.ceil(chunk.text.length * 0.1), 0), learned: false });
    expect((await costOfReaching(session, 290, 200)).credits).toBeLessThan(all.credits);
  });
});

describe('mayReach', () => {
  it('goes on without asking below the threshold', async () => {
    const notices = watchPage();
    expect(await mayReach(sessionFrom(300), 298)).toBe(true);
    expect(notices).toEqual([]);
  });

  it('above it, asks on the page with the figure, holds the question, and says no', async () => {
    const notices = watchPage();
    expect(await mayReach(sessionFrom(300), 0)).toBe(false);
    expect(notices).toHaveLength(1);
    const notice = notices[0] as { message: string; confirm: { token: string; label: string } };
    expect(notice.message).toMatch(/^Reading from sentence 1 on costs up to [\d,]+ credits more/);
    expect(notice.confirm.label).toMatch(/^Read from there \(up to [\d,]+ credits\)$/);
    const held = (await takeConfirmed(notice.confirm.token, 7))!;
    expect(held).toMatchObject({ kind: 'reach', request: { tabId: 7, sessionId: 's1', sentence: 0 } });
    expect(notice.confirm.label).toContain(held.credits.toLocaleString('en'));
  });

  it('goes on without asking again within a figure the user agreed to, and asks again beyond it', async () => {
    const notices = watchPage();
    const { credits } = await costOfReaching(sessionFrom(300), 0, 200);
    expect(await mayReach(sessionFrom(300), 0, credits)).toBe(true);
    expect(notices).toEqual([]);
    expect(await mayReach(sessionFrom(300), 0, credits - 1)).toBe(false);
    expect(notices).toHaveLength(1);
  });

  it('a reading from the popup cannot be asked about on a page: it says so instead of spending', async () => {
    await expect(mayReach(sessionFrom(300, { tabId: null }), 0)).rejects.toMatchObject({ kind: 'invalidRequest' });
  });
});
