import { beforeEach, describe, expect, it } from 'vitest';
import { useEnglishMessages } from '../../i18n.test-helpers';
import { buildPlan } from './plan';

beforeEach(() => useEnglishMessages());

const params = { voiceId: 'en-amelia', language: 'en', speed: 1, format: 'mp3' as const };
const TEXT = 'First sentence here. Second sentence there.\n\nThird sentence, in a new paragraph. Fourth and last.';

describe('buildPlan from a place in the text', () => {
  it('starts at the sentence holding the offset, in a request of its own', () => {
    const built = buildPlan({ sessionId: 's', text: TEXT, title: 't', params, startOffset: TEXT.indexOf('new paragraph') });
    expect(built.startSentence).toBe(2);
    const start = built.plan.chunks.find((c) => c.firstSentence === 2)!;
    expect(start).toMatchObject({ lastSentence: 2, text: 'Third sentence, in a new paragraph.' });
    // The sentences before it are still in the plan, for going back.
    expect(built.plan.sentenceCount).toBe(4);
    expect(built.plan.chunks[0]!.firstSentence).toBe(0);
  });

  it('starts at 0 without an offset, and refuses an offset after the last sentence', () => {
    expect(buildPlan({ sessionId: 's', text: TEXT, title: 't', params }).startSentence).toBe(0);
    expect(() => buildPlan({ sessionId: 's', text: TEXT, title: 't', params, startOffset: TEXT.length })).toThrow(/nothing to read after this point/);
  });
});
