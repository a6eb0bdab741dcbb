/**
 * How much silence the joins between chunks add, measured in what the player sent to the speakers
 * (the test build's output recording, lib/player/output-recorder.ts) against the same chunks'
 * audio decoded and laid end to end without a sample lost or added. Used by e2e tests and the bench.
 */
import { encodeMp3, encodeWav } from '../../emulator/audio';
import { synthesize } from '../../emulator/espeak';
import { languageByCode } from '../../emulator/languages';
import { voiceById } from '../../emulator/voices';
import { createSilenceTracker, SILENCE_THRESHOLD, silenceRuns } from '../../lib/audio/silence';
import type { OutputRecording, PlayerStats } from '../../lib/player/types';

/** Silences at least this long are pauses (between sentences, at commas); shorter ones are within words. */
const PAUSE_SEC = 0.04;
/** How far from a join its pause may end or start (the voice's breath can sit between). */
const JOIN_NEAR_SEC = 0.005;
/** How far a heard silence may sit from where the reference puts the pause, after the drift so far. */
const MATCH_SEC = 0.003;
/** A recorder glitch this close to a pause (a block, at 44.1 kHz) may have changed it. */
const GLITCH_REACH_SEC = 0.4;
/** Silences shorter than this are not kept by the recorder either (OutputRecording). */
const MIN_RUN_SEC = 0.002;
/** Sound shorter than this between two silences does not end a pause. */
const BLIP_SEC = 0.001;

/** The speech parameters of a reading (its stored plan's). */
export interface SpeechOf {
  voiceId: string;
  language: string;
  speed: number;
}

/** One pause of the reading: as the reference has it and as it was heard. */
export interface PauseMeasure {
  /** Seconds from the reference's first sound. */
  at: number;
  /** Whether two chunks meet inside it (else it is a pause inside a chunk: the control). */
  join: boolean;
  /** After which chunk, for a join. */
  afterChunk: number | null;
  referenceMs: number;
  /** Null when nothing was heard there (the reading stopped before). */
  heardMs: number | null;
  addedMs: number | null;
  /** The recording glitched within a block of it: its figure is not to be trusted. */
  glitch: boolean;
}

/** How the service sends its audio: mp3 with or without a LAME tag, or wav. */
export type Served = 'mp3' | 'mp3 without tag' | 'wav';

/** The file the emulator serves for `text` (deterministic: the same bytes the player got). */
export async function servedAudio(text: string, params: SpeechOf, served: Served = 'mp3'): Promise<Uint8Array> {
  const voice = voiceById(params.voiceId);
  const language = languageByCode(params.language);
  if (!voice || !language) throw new Error(`unknown voice ${params.voiceId} or language ${params.language}`);
  const pcm = await synthesize(text, { espeakVoice: language.espeak, gender: voice.gender, speed: params.speed });
  return new Uint8Array(served === 'wav' ? encodeWav(pcm) : await encodeMp3(pcm, { lameTag: served === 'mp3' }));
}

/** The mp3 the emulator serves for `text`, with its LAME tag. */
export const servedMp3 = (text: string, params: SpeechOf) => servedAudio(text, params, 'mp3');

/** A decoded file as if it had been recorded: for a downloaded file, what a listener hears. */
export function recordingOf(audio: Float32Array, rate: number): OutputRecording {
  const tracker = createSilenceTracker(Math.round(MIN_RUN_SEC * rate));
  tracker.push(audio, 0);
  const { first, last } = tracker.sound();
  return {
    sampleRate: rate,
    firstSound: first === null ? null : first / rate,
    lastSound: last === null ? null : last / rate,
    silences: tracker.runs().map((r) => [r.start / rate, r.end / rate]),
    glitches: [],
  };
}

/** A page of the browser under test (Playwright's or puppeteer's): only evaluate is used. */
export interface BrowserPage {
  // Each library types evaluate its own way; both take a function and one serialisable argument.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  evaluate(fn: (arg: any) => Promise<string[]>, arg: any): Promise<string[]>;
}

/**
 * Decodes mp3 files with the browser's own decodeAudioData at `rate`, as the player's AudioContext
 * does: the reference then differs from the recording only in how the chunks were scheduled.
 */
export async function decodeInBrowser(page: BrowserPage, files: readonly Uint8Array[], rate: number): Promise<Float32Array[]> {
  const encoded = await page.evaluate(
    async ({ files, rate }) => {
      const out: string[] = [];
      for (const b64 of files) {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const buffer = await new OfflineAudioContext(1, 1, rate).decodeAudioData(bytes.buffer);
        const samples = new Uint8Array(buffer.getChannelData(0).buffer);
        let binary = '';
        for (let i = 0; i < samples.length; i += 0x8000) binary += String.fromCharCode(...samples.subarray(i, i + 0x8000));
        out.push(btoa(binary));
      }
      return out;
    },
    { files: files.map((f) => Buffer.from(f).toString('base64')), rate },
  );
  return encoded.map((b64) => {
    const bytes = Buffer.from(b64, 'base64');
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  });
}

/** Audio laid end to end, and where each part meets the next (seconds). */
export interface Reference {
  audio: Float32Array;
  rate: number;
  joins: number[];
}

/** The parts end to end without a sample lost or added: what a gapless player plays. */
export function endToEnd(parts: readonly Float32Array[], rate: number): Reference {
  const audio = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  const joins: number[] = [];
  let at = 0;
  for (const part of parts) {
    audio.set(part, at);
    at += part.length;
    joins.push(at / rate);
  }
  return { audio, rate, joins: joins.slice(0, -1) };
}

/**
 * Pairs each pause of the reference with the silence heard at the same place, following the drift
 * (every join that added silence delays what comes after it), and says how much longer it was.
 * The pauses are the reference's silences of PAUSE_SEC or more and, at each join, whatever silence
 * is there, however short (at speed 2 a sentence ends in a few ms), or none. Pauses inside chunks
 * are the control: they show the measurement's own error.
 */
export function measurePauses(reference: Reference, heard: OutputRecording): PauseMeasure[] {
  const { rate } = reference;
  const firstLoud = reference.audio.findIndex((s) => Math.abs(s) >= SILENCE_THRESHOLD);
  if (firstLoud < 0 || heard.firstSound === null) return [];
  const origin = firstLoud / rate;
  // The silence before the first sound and after the last is not a pause between two sounds.
  const silences = merged(silenceRuns(reference.audio, Math.round(MIN_RUN_SEC * rate)).filter((r) => r.start > 0 && r.end < reference.audio.length), rate)
    .map((r) => ({ start: r.start / rate - origin, end: r.end / rate - origin }));
  const joins = reference.joins.map((j) => j - origin);
  // A join's pause is the silence around it, or the nearest one when a few ms of the voice's
  // breath at the very end or start of a chunk part it from the join.
  const distance = (run: Span, t: number) => Math.max(run.start - t, t - run.end, 0);
  const pauseAt = (j: number) =>
    silences.filter((run) => distance(run, j) <= JOIN_NEAR_SEC).sort((a, b) => distance(a, j) - distance(b, j))[0];
  const pauses: (Span & { join: number })[] = [];
  for (const run of silences) {
    const join = joins.findIndex((j) => pauseAt(j) === run);
    if (join >= 0 || run.end - run.start >= PAUSE_SEC) pauses.push({ ...run, join });
  }
  joins.forEach((j, i) => pauses.some((p) => p.join === i) || pauses.push({ start: j, end: j, join: i }));
  pauses.sort((a, b) => a.start - b.start);

  const runs = merged(heard.silences.map(([start, end]) => ({ start: start - heard.firstSound!, end: end - heard.firstSound! })));
  const heardUntil = (heard.lastSound ?? heard.firstSound) - heard.firstSound;
  const glitches = (heard.glitches ?? []).map((g) => g - heard.firstSound!);
  let drift = 0;
  return pauses.map((pause) => {
    const start = pause.start + drift;
    const end = pause.end + drift;
    const overlap = (run: Span) => Math.min(run.end, end + MATCH_SEC) - Math.max(run.start, start - MATCH_SEC);
    const best = runs.reduce<Span | null>((a, run) => (overlap(run) > 0 && (!a || overlap(run) > overlap(a)) ? run : a), null);
    const referenceMs = (pause.end - pause.start) * 1000;
    // Nothing heard there yet (the reading was stopped before), or sound where the pause was.
    const heardMs = end > heardUntil ? null : best ? (best.end - best.start) * 1000 : 0;
    const addedMs = heardMs === null ? null : heardMs - referenceMs;
    if (addedMs !== null) drift += addedMs / 1000;
    const glitch = glitches.some((g) => g >= start - GLITCH_REACH_SEC && g <= end + GLITCH_REACH_SEC);
    return { at: pause.start, join: pause.join >= 0, afterChunk: pause.join >= 0 ? pause.join : null, referenceMs, heardMs, addedMs, glitch };
  });
}

interface Span {
  start: number;
  end: number;
}

/** Silences split by a blip of under a millisecond (a resampler's ringing, one stray sample) are one. */
function merged<T extends Span>(runs: readonly T[], unit = 1): Span[] {
  const out: Span[] = [];
  for (const run of runs) {
    const last = out.at(-1);
    if (last && run.start - last.end < BLIP_SEC * unit) last.end = run.end;
    else out.push({ start: run.start, end: run.end });
  }
  return out;
}

/**
 * The pause at each join of `reference` in the same text spoken as one request (`whole`, decoded
 * the same way): the voice's own pause there, to tell it from what the join adds.
 */
export function oneRequestPauses(reference: Reference, whole: Float32Array): (number | null)[] {
  const pauses = measurePauses(reference, recordingOf(whole, reference.rate)).filter((p) => p.join);
  return reference.joins.map((_, i) => pauses.find((p) => p.afterChunk === i)?.heardMs ?? null);
}

/** The player's figures with its output recording, asked of the player as the background asks it. */
export async function recordedOutput(background: import('@playwright/test').Worker): Promise<OutputRecording | null> {
  return (await recordedPlayback(background))?.output ?? null;
}

/**
 * What the player sent to the speakers, with the silence it knows it added at each join: a chunk
 * whose audio was not ready when the one before it ended starts late, and the player says by how
 * much (`gapsMs[i]`: the join after chunk i). On a busy machine that is a real underrun; a join
 * must never add silence the player does not report.
 */
export async function recordedPlayback(background: import('@playwright/test').Worker): Promise<Pick<Required<PlayerStats>, 'output' | 'gapsMs' | 'schedule'> | null> {
  return background.evaluate(async () => {
    // The offscreen document answers `playerStats` (test build): @webext-core/messaging's wire format.
    const answer = (await chrome.runtime.sendMessage({ id: 1, type: 'playerStats', timestamp: Date.now() })) as {
      res?: { ok: boolean; value?: PlayerStats | null };
    };
    const value = answer?.res?.value;
    return value?.output ? { output: value.output, gapsMs: value.gapsMs, schedule: value.schedule } : null;
  });
}

/** The stored reading's chunks and speech parameters, while it is under way. */
export async function readingChunks(background: import('@playwright/test').Worker): Promise<{ chunks: string[]; params: SpeechOf } | null> {
  return background.evaluate(async () => {
    const { reading } = (await chrome.storage.session.get('reading')) as {
      reading?: { plan: { chunks: { text: string }[]; params: { voiceId: string; language: string; speed: number } } } | null;
    };
    return reading ? { chunks: reading.plan.chunks.map((c) => c.text), params: reading.plan.params } : null;
  });
}
