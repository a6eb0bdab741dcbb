import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  estimateSpeechCredits,
  learnFromBalance,
  learnedPrice,
  noteSpeechPaid,
  noteTranslationPaid,
  noteUncertainCharge,
  trackPaidRequest,
} from './speech-price';

const URL_A = 'https://tts.example';
const chars = (n: number) => 'a'.repeat(n);

beforeEach(() => fakeBrowser.reset());

/** One window: the balance before, speech paid, the balance after (as the emulator bills: ceil(n / 100)). */
async function observe(before: number, texts: string[], format: 'mp3' | 'wav' = 'mp3'): Promise<number | null> {
  await learnFromBalance(URL_A, before);
  for (const text of texts) await noteSpeechPaid(URL_A, format, text);
  const spent = texts.reduce((sum, t) => sum + Math.max(1, Math.ceil(t.length / 100)), 0);
  return learnFromBalance(URL_A, before - spent);
}

describe('the learned speech price', () => {
  it('starts from the contract’s only stated price, an upper bound, and says so', async () => {
    expect(await estimateSpeechCredits(URL_A, 'mp3', [chars(1000)])).toEqual({ credits: 100, learned: false });
  });

  it('learns from the balance before and after: estimates come close to what is billed', async () => {
    expect(await observe(5000, [chars(60), chars(2400), chars(5000)])).toBe(1 + 24 + 50);
    const estimate = await estimateSpeechCredits(URL_A, 'mp3', [chars(5000), chars(5000), chars(120)]);
    expect(estimate.learned).toBe(true);
    // Billed: 50 + 50 + 2 = 102.
    expect(Math.abs(estimate.credits - 102)).toBeLessThanOrEqual(4);
  });

  it('is never below what the service charges: two short probes billed whole credits give an upper bound', async () => {
    // Billed 1 + 3 credits: 0.01 a character at most (a price that subtracts the rounding said 0.0075).
    expect(await observe(5000, [chars(99), chars(299)])).toBe(4);
    for (const length of [100, 1000, 2500, 4999, 5000]) {
      const billed = Math.ceil(length / 100);
      expect((await estimateSpeechCredits(URL_A, 'mp3', [chars(length)])).credits, `${length} characters`).toBeGreaterThanOrEqual(billed);
    }
    // A reading the service bills 101 credits is asked about under a threshold of 100.
    const reading = [chars(5000), chars(5000), chars(50)];
    expect((await estimateSpeechCredits(URL_A, 'mp3', reading)).credits).toBeGreaterThan(100);
  });

  it('keeps a price per format', async () => {
    await observe(5000, [chars(3000)], 'wav');
    expect(await learnedPrice(URL_A, 'wav')).toMatchObject({ credits: 30, chars: 3000 });
    expect(await learnedPrice(URL_A, 'mp3')).toBeNull();
  });

  it('takes the exact cost of translations out of the difference', async () => {
    await learnFromBalance(URL_A, 1000);
    await noteSpeechPaid(URL_A, 'mp3', chars(2000));
    await noteTranslationPaid(URL_A, 7);
    expect(await learnFromBalance(URL_A, 1000 - 20 - 7)).toBe(20);
    expect(await learnedPrice(URL_A, 'mp3')).toMatchObject({ credits: 20, chars: 2000 });
  });

  it('learns nothing from a window with a charge it cannot be sure of, a top-up, or a request on the wire', async () => {
    await learnFromBalance(URL_A, 1000);
    await noteSpeechPaid(URL_A, 'mp3', chars(2000));
    await noteUncertainCharge(URL_A);
    expect(await learnFromBalance(URL_A, 960)).toBeNull();

    await noteSpeechPaid(URL_A, 'mp3', chars(2000));
    expect(await learnFromBalance(URL_A, 5000)).toBeNull(); // topped up meanwhile

    await noteSpeechPaid(URL_A, 'mp3', chars(2000));
    let release = () => {};
    const onTheWire = trackPaidRequest(() => new Promise<void>((r) => (release = r)));
    expect(await learnFromBalance(URL_A, 4980)).toBeNull();
    release();
    await onTheWire;
    expect(await learnedPrice(URL_A, 'mp3')).toBeNull();
  });

  it('learns nothing from a drop no speech costs (the account spent from elsewhere meanwhile)', async () => {
    await learnFromBalance(URL_A, 1_000_000);
    await noteSpeechPaid(URL_A, 'mp3', chars(1500));
    expect(await learnFromBalance(URL_A, 20)).toBeNull();
    expect(await learnedPrice(URL_A, 'mp3')).toBeNull();
    expect((await estimateSpeechCredits(URL_A, 'mp3', [chars(1500)])).credits).toBe(150);
    // A dear price (one credit a character) is still learned.
    await noteSpeechPaid(URL_A, 'mp3', chars(1500));
    expect(await learnFromBalance(URL_A, 20 - 1500)).toBe(1500);
  });

  it('is kept per service address', async () => {
    await observe(5000, [chars(3000)]);
    expect((await estimateSpeechCredits('https://other.example', 'mp3', [chars(1000)])).learned).toBe(false);
  });
});
