/**
 * Where each word starts in the audio the emulator makes: the same synthesis as `synthesize`
 * (espeak-ng's library, which its binary wraps: the samples are identical up to the binary's
 * trailing silence), with the library's word events. The truth that the extension's word
 * highlighting (which only has the audio) is measured against; the service itself gives none.
 */
import { createRequire } from 'node:module';
import type { Pcm, SynthOptions } from './espeak.ts';

/** espeak's own default rate (words per minute) that speed 1.0 maps to (as in espeak.ts). */
const BASE_RATE = 175;

/** A word of the text (UTF-16 offsets) and when it starts sounding, in seconds of the audio. */
export interface TrueWord {
  from: number;
  to: number;
  atSec: number;
}

interface Espeak {
  synth(text: string, voice: string, rate: number): { samples: Int16Array; sampleRate: number; events: { position: number; length: number; ms: number }[] };
}

let loaded: Espeak | null = null;

/** Binds libespeak-ng (synchronous output: the callback runs inside espeak_Synth). */
function espeak(): Espeak {
  if (loaded) return loaded;
  // koffi is a native module: loaded only when the truth is asked for (the bench, its tests).
  const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
  const lib = koffi.load('libespeak-ng.so.1');
  const event = koffi.struct('voxlate_espeak_event', {
    type: 'int',
    uniqueIdentifier: 'uint',
    textPosition: 'int',
    length: 'int',
    audioPosition: 'int',
    sample: 'int',
    userData: 'void*',
    id: koffi.union({ number: 'int', name: 'const char*', string: koffi.array('char', 8) }),
  });
  const callback = koffi.proto('int voxlate_espeak_cb(int16_t *wav, int numsamples, voxlate_espeak_event *events)');
  const initialize = lib.func('int espeak_Initialize(int output, int buflength, const char *path, int options)');
  const setCallback = lib.func('void espeak_SetSynthCallback(voxlate_espeak_cb *cb)');
  const setVoice = lib.func('int espeak_SetVoiceByName(const char *name)');
  const setParameter = lib.func('int espeak_SetParameter(int parameter, int value, int relative)');
  const synth = lib.func('int espeak_Synth(const char *text, size_t size, uint position, int ptype, uint end, uint flags, void *uid, void *ud)');
  const synchronize = lib.func('int espeak_Synchronize()');
  const AUDIO_OUTPUT_SYNCHRONOUS = 2;
  const sampleRate = initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, null, 0) as number;
  let pieces: Int16Array[] = [];
  let events: { position: number; length: number; ms: number }[] = [];
  const EVENT_WORD = 1;
  const size = koffi.sizeof(event);
  const onAudio = koffi.register((wav: unknown, count: number, list: unknown) => {
    if (count > 0 && wav) pieces.push(Int16Array.from(koffi.decode(wav, koffi.array('int16_t', count)) as number[]));
    for (let i = 0; list; i++) {
      const e = koffi.decode(list, i * size, event) as { type: number; textPosition: number; length: number; audioPosition: number };
      if (e.type === 0) break;
      if (e.type === EVENT_WORD) events.push({ position: e.textPosition, length: e.length, ms: e.audioPosition });
    }
    return 0;
  }, koffi.pointer(callback));
  setCallback(onAudio);
  loaded = {
    synth(text, voice, rate) {
      pieces = [];
      events = [];
      if (setVoice(voice) !== 0) throw new Error(`espeak-ng has no voice ${voice}`);
      setParameter(1 /* espeakRATE */, rate, 0);
      const bytes = Buffer.from(`${text}\0`, 'utf8');
      const CHARS_UTF8 = 1;
      const POS_CHARACTER = 1;
      synth(bytes, bytes.length, 0, POS_CHARACTER, 0, CHARS_UTF8, null, null);
      synchronize();
      const samples = new Int16Array(pieces.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of pieces) {
        samples.set(p, at);
        at += p.length;
      }
      return { samples, sampleRate, events };
    },
  };
  return loaded;
}

/**
 * Speaks `text` as the emulator does and says where each word starts. espeak counts positions in
 * characters from 1; they are turned into offsets of the JavaScript string. A number read as
 * several words ("1990": "nineteen ninety") is one word here, at its first start.
 */
export function trueWordStarts(text: string, opts: SynthOptions): { pcm: Pcm; words: TrueWord[] } {
  const variant = opts.gender === 'female' ? 'f3' : 'm3';
  const { samples, sampleRate, events } = espeak().synth(text, `${opts.espeakVoice}+${variant}`, Math.round(BASE_RATE * opts.speed));
  const utf16At = codePointOffsets(text);
  const words: TrueWord[] = [];
  for (const e of events) {
    const from = utf16At[e.position - 1] ?? text.length;
    const to = utf16At[e.position - 1 + e.length] ?? text.length;
    const last = words.at(-1);
    if (last && from < last.to) continue;
    words.push({ from, to, atSec: e.ms / 1000 });
  }
  return { pcm: { samples, sampleRate }, words };
}

/** The UTF-16 offset of each code point of `text` (and of its end). */
function codePointOffsets(text: string): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const ch of text) {
    offsets.push(at);
    at += ch.length;
  }
  offsets.push(at);
  return offsets;
}
