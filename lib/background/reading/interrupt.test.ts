import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { takeConfirmed } from '../spend/questions';
import { useEnglishMessages } from '../../i18n.test-helpers';
import { interruptReading, RESUME_KIND } from './interrupt';
import { sessionItem, type ReadingSession } from './session';

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

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
});

describe('interruptReading', () => {
  it('keeps the reading paused where it was, says why on the toolbar button, and holds a resume for the page', async () => {
    await sessionItem.setValue(SESSION);
    const pending: string[] = [];
    // The resume button's token is the only one held: find it through the store it lives in.
    fakeBrowser.storage.session.onChanged.addListener((changes) => {
      const spends = changes.spendOffers?.newValue as Record<string, unknown> | undefined;
      if (spends) pending.push(...Object.keys(spends));
    });
    await interruptReading(SESSION);

    const stored = await sessionItem.getValue();
    expect(stored?.position).toMatchObject({ status: 'paused', sentence: 1, elapsedSec: 12 });
    expect(stored?.interrupted).toMatch(/^Reading stopped at sentence 2 of 3: .*Resume to go on from there/);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    expect(await fakeBrowser.action.getTitle({})).toBe(stored?.interrupted);
    expect(pending).toHaveLength(1);
    // Answerable only on the reading's page, once.
    expect(await takeConfirmed(pending[0]!, null)).toBeNull();
    expect(await takeConfirmed(pending[0]!, 7)).toMatchObject({ kind: RESUME_KIND, request: { tabId: 7, sessionId: 's1' }, credits: 0 });
    expect(await takeConfirmed(pending[0]!, 7)).toBeNull();
  });
});
