import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEnglishMessages, useLocaleMessages } from '../i18n.test-helpers';
import { cutCounter, listenCutText, trackSavedText } from './fit-report';
import { fitSpeech } from './slot';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
  useEnglishMessages();
});

const plan = (slotSec: number, speechSec: number, overflow: 'cut' | 'pause' = 'cut') =>
  fitSpeech({ slotSec, speechSec, overflow, text: 'one two three four five', language: 'en' });

describe('the captions cut while listening', () => {
  it('counts only speech cut, each caption once: sped up, paused for and played as it is are not counted', () => {
    const cuts = cutCounter();
    expect(cuts.played('0', plan(2, 1))).toBeNull();
    expect(cuts.played('1', plan(2, 2.5))).toBeNull();
    expect(cuts.played('2', plan(1, 3, 'pause'))).toBeNull();
    expect(cuts.played('3', plan(1, 3))).toBe(1);
    // Cut again after a seek back: the same caption.
    expect(cuts.played('3', plan(0.5, 3))).toBeNull();
    expect(cuts.played('4', plan(1, 3))).toBe(2);
  });

  it('says how many, and what to tick to hear them whole', () => {
    expect(listenCutText(1)).toBe('1 caption\'s speech was cut to keep up with the video. Tick “Pause the video when speech runs long” to hear it whole.');
    expect(listenCutText(1200)).toBe('1,200 captions\' speech was cut to keep up with the video. Tick “Pause the video when speech runs long” to hear them whole.');
  });
});

describe('the spoken track saved', () => {
  it('names the file, then says how many captions were sped up and cut to fit, only when some were', () => {
    expect(trackSavedText('River.es.mp3', { spedUp: 0, cut: 0 })).toBe('Spoken track saved as River.es.mp3.');
    expect(trackSavedText('River.es.mp3', { spedUp: 2, cut: 1 })).toBe(
      'Spoken track saved as River.es.mp3. 2 captions\' speech was sped up (at most 1.3×) to fit their time. 1 caption\'s speech was cut at a word to fit its time.',
    );
    expect(trackSavedText('River.es.mp3', { spedUp: 1, cut: 0 })).toBe('Spoken track saved as River.es.mp3. 1 caption\'s speech was sped up (at most 1.3×) to fit its time.');
    expect(trackSavedText('River.es.mp3', { spedUp: 0, cut: 3 })).toBe('Spoken track saved as River.es.mp3. 3 captions\' speech was cut at a word to fit their time.');
  });

  it('joins its sentences as the language does: Japanese without a space', () => {
    useLocaleMessages('ja');
    expect(trackSavedText('川.es.mp3', { spedUp: 1, cut: 2 })).toBe(
      '音声トラックを 川.es.mp3 として保存しました。1 件の字幕の音声を、時間内に収まるよう速めました（最大 1.3 倍）。2 件の字幕の音声を、時間内に収まるよう単語の切れ目で切りました。',
    );
  });
});
