import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEnglishMessages } from '../../i18n.test-helpers';
import type { ReadingPlan } from '../../player/contract';
import { readingOf, sessionItem } from './session';

const PLAN: ReadingPlan = {
  sessionId: 's1',
  params: { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' },
  chunks: [{ index: 0, text: 'One.', firstSentence: 0, lastSentence: 0, sentenceOffsets: [0] }],
  sentenceCount: 1,
  title: 'T',
};

describe('readingOf', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    useEnglishMessages();
    await sessionItem.setValue({ plan: PLAN, sentences: [], tabId: 7, frameId: 0, position: null });
  });

  it('gives extension pages any reading, and a page only its own tab’s', async () => {
    await expect(readingOf(undefined)).resolves.toMatchObject({ tabId: 7 });
    await expect(readingOf(7)).resolves.toMatchObject({ tabId: 7 });
    await expect(readingOf(8)).rejects.toMatchObject({ kind: 'invalidRequest', message: 'Nothing is being read right now.' });
  });

  it('refuses a page when the reading came from the popup, and everyone when nothing is read', async () => {
    await sessionItem.setValue({ plan: PLAN, sentences: [], tabId: null, frameId: null, position: null });
    await expect(readingOf(7)).rejects.toMatchObject({ kind: 'invalidRequest' });
    await sessionItem.setValue(null);
    await expect(readingOf(undefined)).rejects.toMatchObject({ kind: 'invalidRequest', message: 'Nothing is being read right now.' });
  });
});
