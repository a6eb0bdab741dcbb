import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { learnFromBalance, noteSpeechPaid } from '../speech-price';
import { firstLeavesAnyway } from './early-first';

const URL_A = 'https://tts.example';
const mp3 = { format: 'mp3' as const };
const first = 'The first sentence.';

beforeEach(() => fakeBrowser.reset());

describe('a first request sent before the reading is planned (not agreed to yet)', () => {
  it('leaves when the whole reading stays within the threshold at the cautious price, rounded up', async () => {
    // 5,000 characters are 5,520 at most as said; at 0.1 credit each 552, and 58 requests at most, each rounded up: 610.
    expect(await firstLeavesAnyway(first, 5000, mp3, URL_A, 610)).toBe(true);
    expect(await firstLeavesAnyway(first, 5000, mp3, URL_A, 609)).toBe(false);
  });

  it('uses the learned price once there is one', async () => {
    // Billed 1 credit per 100 characters.
    await learnFromBalance(URL_A, 1000);
    await noteSpeechPaid(URL_A, 'mp3', 'a'.repeat(5000));
    await learnFromBalance(URL_A, 950);
    expect(await firstLeavesAnyway(first, 5000, mp3, URL_A, 120)).toBe(true);
    expect(await firstLeavesAnyway(first, 5000, mp3, URL_A, 50)).toBe(false);
  });

  it('counts each paragraph or marked passage that may be read in its own voice as a request of its own, however short', async () => {
    // A phrasebook: 5,000 characters, 250 lines; each line a request at least 1 credit.
    expect(await firstLeavesAnyway(first, 5000, mp3, URL_A, 610)).toBe(true);
    expect(await firstLeavesAnyway(first, 5000, mp3, URL_A, 610, 250)).toBe(false);
    expect(await firstLeavesAnyway(first, 5000, mp3, URL_A, 860, 250)).toBe(true);
  });

  it('never leaves when everything is asked about, or the first sentence alone is above the threshold', async () => {
    expect(await firstLeavesAnyway(first, 20, mp3, URL_A, 0)).toBe(false);
    expect(await firstLeavesAnyway('x'.repeat(500), 500, mp3, URL_A, 40)).toBe(false);
  });
});
