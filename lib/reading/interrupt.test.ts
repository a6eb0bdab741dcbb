import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { takeConfirmed } from '../background/spend-confirm';
import { interruptReading, RESUME_KIND } from './interrupt';
import { sessionItem, type ReadingSession } from './session-store';

const SESSION: ReadingSession = {
  plan: {
    sessionId: 's1',
    params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' },
    chunks: [{ index: 0, text: 'One. Two. Three.', firstSentence: 0, lastSentence: 2, sentenceOffsets: [0, 5, 10] }],
    sentenceCount: 3,
    title: 'T',
  },
  sentences: [],
  tabId: 7,
  frameId: 0,
  position: { sessionId: 's1', status: 'playing', sentence: 1, chunk: 0, elapsedSec: 12 },
};

const EN = JSON.parse(readFileSync(new URL('../../public/_locales/en/messages.json', import.meta.url), 'utf8')) as Record<string, { message: string }>;

beforeEach(() => {
  fakeBrowser.reset();
  // The browser's own lookup, as Chrome does it for the English UI (placeholders $N$ → $1 …).
  vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation((key: string, subs?: string | (string | number)[]) => {
    const values = ([] as (string | number)[]).concat(subs ?? []).map(String);
    return (EN[key]?.message ?? '').replace('$N$', values[0] ?? '').replace('$TOTAL$', values[1] ?? '');
  });
});

describe('interruptReading', () => {
  it('keeps the reading paused where it was, says why on the toolbar button, and holds a resume for the page', async () => {
    await sessionItem.setValue(SESSION);
    const pending: string[] = [];
    // The resume button's token is the only one held: find it through the store it lives in.
    fakeBrowser.storage.session.onChanged.addListener((changes) => {
      const spends = changes.pendingSpends?.newValue as Record<string, unknown> | undefined;
      if (spends) pending.push(...Object.keys(spends));
    });
    await interruptReading(SESSION);

    const stored = await sessionItem.getValue();
    expect(stored?.position).toMatchObject({ status: 'paused', sentence: 1, elapsedSec: 12 });
    expect(stored?.interrupted).toMatch(/^Reading stopped at sentence 2 of 3: .*Resume to go on from there/);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    expect(await fakeBrowser.action.getTitle({})).toBe(stored?.interrupted);
    expect(pending).toHaveLength(1);
    expect(await takeConfirmed(pending[0]!)).toMatchObject({ kind: RESUME_KIND, request: { tabId: 7, sessionId: 's1' }, credits: 0 });
  });
});
