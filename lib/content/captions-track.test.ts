// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cue } from '../captions/cue';
import { overlayOnVideo, removeOverlays } from './captions-overlay.test-helpers';
import { downloadSpokenTrack } from './captions-track';

/*
 * The page's side of the spoken track, against a stand-in for the worker's answers (the worker's
 * side, with the real gate and the emulator, is tested in background/captions-track.test.ts).
 */
type Sent = { name: string; data: Record<string, unknown> };
const spoken = (): Promise<unknown> => Promise.resolve({ audio: '', durationSec: 1 });
const worker = vi.hoisted(() => ({ sent: [] as Sent[], speak: (_text: string): Promise<unknown> => Promise.resolve({ audio: '', durationSec: 1 }) }));
vi.mock('../messaging/send', () => ({
  sendMessage: async (name: string, data: Record<string, unknown>) => {
    worker.sent.push({ name, data });
    const ok = (value: unknown) => ({ ok: true, value });
    if (name === 'captionsTrackEstimate') return ok({ target: 'es', whole: 9, toHear: 2, offer: 'offer-1' });
    if (name === 'acceptSpendOffer') return ok(true);
    if (name === 'captionsTranslate') return ok({ translations: (data.texts as string[]).map((text) => `[ES] ${text}`), unmatched: [], error: null });
    if (name === 'captionsSpeak') {
      return worker.speak(data.text as string).then(ok, (error: { kind: string; message: string }) => ({ ok: false, error }));
    }
    if (name === 'captionsTrackSave') return ok({ name: 'A video.es.mp3', spedUp: 2, cut: 1 });
    return ok(undefined);
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
  worker.sent.length = 0;
  worker.speak = spoken;
  removeOverlays();
});

const cues: Cue[] = [
  { id: '0', start: 0.2, end: 1.8, text: 'The river rises.' },
  { id: '1', start: 2, end: 3.8, text: 'Boats wait.' },
];

function setUp() {
  const { overlay, root, life, button } = overlayOnVideo();
  const translated = new Map([['0', '[ES] The river rises.']]);
  const track = downloadSpokenTrack({ cues, translated, settle: () => undefined, target: 'es', language: 'Spanish', durationSec: 8, overlay, signal: life.signal });
  return { root, button, track, translated };
}

const names = () => worker.sent.map((m) => m.name);
// A limit only for a hang: the unit tests may run beside other work at a lower priority.
const until = (ready: () => unknown) => vi.waitFor(() => expect(ready()).toBeTruthy(), { timeout: 30_000, interval: 5 });

describe('the spoken track on the page', () => {
  it('asks with the figure before anything is bought; then translates what is missing, buys each caption\'s speech and has the file placed at the captions\' times', async () => {
    const { root, button, track } = setUp();
    await until(() => button('Save'));
    expect(root.textContent).toContain('Up to 9 credits: the speech of 2 captions not heard yet');
    expect(names()).toEqual(['captionsTrackEstimate']);
    expect(worker.sent[0]!.data.cues).toEqual([
      { id: '0', start: 0.2, end: 1.8, text: 'The river rises.', translation: '[ES] The river rises.' },
      { id: '1', start: 2, end: 3.8, text: 'Boats wait.', translation: null },
    ]);
    button('Save')!.click();
    expect(await track).toEqual({ name: 'A video.es.mp3', spedUp: 2, cut: 1 });
    // Saved: said so, with how its speech was fitted to the captions' times.
    expect(root.querySelector('.note:not([hidden])')!.textContent).toBe(
      'Spoken track saved as A video.es.mp3. 2 captions\' speech was sped up (at most 1.3×) to fit their time. 1 caption\'s speech was cut at a word to fit its time.',
    );
    expect(names()).toEqual(['captionsTrackEstimate', 'acceptSpendOffer', 'captionsTranslate', 'captionsSpeak', 'captionsSpeak', 'captionsTrackSave']);
    expect(worker.sent.at(-1)!.data).toMatchObject({ target: 'es', length: 8, parts: [{ text: '[ES] The river rises.', atSec: 0.2 }, { text: '[ES] Boats wait.', atSec: 2 }] });
    expect(root.querySelector<HTMLElement>('.working')!.hidden).toBe(true);
  });

  it('Cancel: what is not sent is withdrawn (captionsStop, a pause), nothing more is asked for, and no file is made', async () => {
    let withdraw: (() => void) | undefined;
    worker.speak = (text) => text.includes('river') ? spoken() : new Promise((_, reject) => (withdraw = () => reject({ kind: 'cancelled', message: 'Cancelled.' })));
    const { root, button, track } = setUp();
    await until(() => button('Save'));
    button('Save')!.click();
    await until(() => withdraw);
    button('Cancel')!.click();
    // The worker withdraws the queued request when the pause arrives.
    expect(worker.sent.at(-1)).toEqual({ name: 'captionsStop', data: { end: false } });
    withdraw!();
    expect(await track).toBeNull();
    expect(names()).not.toContain('captionsTrackSave');
    expect(root.querySelector('.note:not([hidden])')).toBeNull();
  });

  it('a request withdrawn by a pause of the video (not by Cancel) is asked for again', async () => {
    let first = true;
    worker.speak = () => (first ? ((first = false), Promise.reject({ kind: 'cancelled', message: 'Cancelled.' })) : spoken());
    const { button, track } = setUp();
    await until(() => button('Save'));
    button('Save')!.click();
    expect(await track).toMatchObject({ name: 'A video.es.mp3' });
    expect(names().filter((name) => name === 'captionsSpeak')).toHaveLength(3);
  });
});
