/**
 * When each word of a chunk is spoken, found on the device from the chunk's decoded audio and its
 * text: the service returns audio only, no word timings, and asking would cost credits.
 *
 * Speech pauses where the text has punctuation; everywhere else words run together. So:
 * 1. the audio's loudness, in 10 ms frames, gives its pauses (quiet for at least MIN_PAUSE_SEC);
 * 2. the text's words get an expected length (their sounds, counted from letters with the
 *    language's digraphs, and syllables; a number as the words it is read as in the language,
 *    capitals spelled out unless they can be said as a word, a CJK character as a syllable or two;
 *    the last word before a break drawn out), and the places between them a class of pause (none,
 *    a clause break, a sentence break) and whether a long clause is often phrased there (before a
 *    conjunction or a relative word: speech engines pause there without punctuation);
 * 3. the pauses are matched to those places by a small dynamic programme that keeps the speaking
 *    rate between two matched pauses closest to the chunk's own rate;
 * 4. between two matched pauses, words start where their expected lengths put them in the speech
 *    (pauses left out), and a word after a matched pause starts where the sound resumes.
 * Pure and synchronous: about a millisecond per second of audio.
 */
import { numberWordsOf, sayNumber, type NumberWords } from './number-words';

/** A word of the text (UTF-16 offsets into it) and when it starts, in seconds from the speech's start. */
export interface WordTime {
  from: number;
  to: number;
  atSec: number;
}

/** Decoded speech: one channel's samples and where the speech lies in them. */
export interface SpeechAudio {
  samples: Float32Array;
  sampleRate: number;
  /** Where the speech starts in `samples`, in seconds (encoder padding before it); default 0. */
  startSec?: number;
  /** How long the speech lasts; default to the end of `samples`. */
  durationSec?: number;
}

const FRAME_SEC = 0.01;
/** Audio whose loud frames are quieter than this (dB of full scale) holds no speech. */
const SILENT_DB = -70;
/** Frames this far below the chunk's loud frames are quiet. */
const QUIET_DB = 30;
/**
 * A quiet stretch at least this long is a pause (shorter ones are consonants), for speech at
 * TYPICAL_SEC_PER_WEIGHT; faster speech has shorter pauses, slower speech longer ones.
 */
const MIN_PAUSE_SEC = 0.06;
/** Seconds of sound per unit of a word's weight in speech at a usual pace (measured on espeak-ng at speed 1). */
const TYPICAL_SEC_PER_WEIGHT = 0.05;
/** How far from where its expected length puts a word's start a dip in the sound is looked for (at a usual pace). */
const DIP_RADIUS_SEC = 0.04;
/** How much quieter than the loudest frame near it a frame must be to be a dip between words. */
const DIP_DB = 11;
/** How many pauses one step of the matching may pass over. */
const MAX_SKIP = 3;
/** How many words one step of the matching may pass over (a stretch without a matched pause). */
const MAX_SKIP_WORDS = 60;
/** What matching a pause costs before a conjunction or a relative word (not punctuated), and before any other word. */
const PHRASE_PAUSE_COST = 0.2;
const PLAIN_PAUSE_COST = 1.5;

type Pause = { start: number; end: number };

/** The words of `text`, with when each starts in `audio` (seconds from the speech's start). */
export function timeWords(text: string, language: string, audio: SpeechAudio): WordTime[] {
  const words = wordsOf(text, language);
  if (words.length === 0) return [];
  const speech = speechOf(audio, words.reduce((sum, w) => sum + w.weight, 0));
  if (!speech) return words.map((w) => ({ from: w.from, to: w.to, atSec: 0 }));
  // The last word before a break is drawn out (less so in fast speech).
  words.forEach((w, k) => {
    if (k + 1 === words.length || words[k + 1]!.breakBefore > 0) w.weight += PHRASE_FINAL_WEIGHT / speech.pace;
  });
  const anchors = matchPauses(words, speech);
  const times: number[] = [];
  for (let a = 0; a + 1 < anchors.length; a++) {
    const from = anchors[a]!;
    const to = anchors[a + 1]!;
    const weight = words.slice(from.word, to.word).reduce((sum, w) => sum + w.weight, 0) || 1;
    const startV = speech.voicedAt(from.sec);
    const spanV = Math.max(0, speech.voicedAt(to.endSec) - startV);
    const expected: number[] = [];
    let sum = words[from.word]!.weight;
    for (let k = from.word + 1; k < to.word; k++) {
      expected.push(speech.timeAtVoiced(startV + (sum / weight) * spanV));
      sum += words[k]!.weight;
    }
    times[from.word] = from.sec;
    speech.placeAtDips(expected, from.sec, to.endSec).forEach((t, i) => (times[from.word + 1 + i] = t));
  }
  return words.map((w, k) => ({ from: w.from, to: w.to, atSec: round(times[k] ?? 0) }));
}

interface Word {
  from: number;
  to: number;
  weight: number;
  /** The pause expected before this word: 0 none, 1 a clause break, 2 a sentence or paragraph break. */
  breakBefore: 0 | 1 | 2;
  /** A conjunction or a relative word: a long clause is often phrased (paused) before it. */
  phrase: boolean;
}

const SENTENCE_END = /[.!?\u2026\u3002\uff01\uff1f\n]/u;
const CLAUSE_END = /[,;:\u2013\u2014()"\u201c\u201d\u201e\u00ab\u00bb\u2039\u203a\u300c\u300d\u3001\uff0c\uff1b\uff1a]/u;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/gu;
const SPOKEN_SYMBOL = /[$€£¥%&@+=#]/gu;
/** Vowels in a row: about a syllable (Latin, Greek and Cyrillic letters). */
const VOWELS = /[aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüýÿαεηιουωάέήίόύώаеёиоуыэюяієї]+/giu;
/** What a word weighs for its onset, besides its sounds and syllables. */
const WORD_ONSET = 1;
/** How much longer the last word before a pause is spoken, at a usual pace (phrase-final lengthening). */
const PHRASE_FINAL_WEIGHT = 2;

/** How a language's spelling maps to sounds (enough to weigh words), and where its clauses are phrased. */
interface Sounds {
  /** Letter groups read as one sound ("th", "sch", "eau"). */
  digraphs: RegExp | null;
  /** What a syllable (a vowel group) adds besides its letters: more where vowels are long and even. */
  syllable: number;
  /** Conjunctions and relative words: a speaker often pauses before them in a long clause. */
  phrase: ReadonlySet<string>;
}

const wordSet = (list: string): ReadonlySet<string> => new Set(list.split(' '));
const SOUNDS: Record<string, Sounds> = {
  en: {
    digraphs: /th|sh|ch|ph|gh|ck|ng|wh|ee|oo|ea/gu,
    syllable: 0.5,
    phrase: wordSet('and or but nor who whom whose which that because while when where whether if although though than so'),
  },
  de: {
    digraphs: /sch|ch|ck|ie|ei|eu|au|ng|ß/gu,
    syllable: 0.5,
    // Not the relative "der", "die", "das": they are the articles too.
    phrase: wordSet('und oder aber sondern denn weil wenn als ob dass damit obwohl während wie deren dessen welche welcher welches'),
  },
  fr: {
    digraphs: /eau|ou|au|ai|ei|ch|qu|gn|ph|on|an|en|in/gu,
    syllable: 0.8,
    phrase: wordSet('et ou mais car donc qui que qu dont où quand lorsque si comme puisque parce'),
  },
  es: { digraphs: /ch|ll|rr|qu|gu/gu, syllable: 0.5, phrase: wordSet('y e o u pero sino que quien quienes cual cuales donde cuando como porque si aunque mientras') },
  pt: { digraphs: /ch|lh|nh|qu|ão|õe/gu, syllable: 0.5, phrase: wordSet('e ou mas porém que quem qual quais onde quando como porque se embora enquanto') },
  it: { digraphs: /ch|gh|gn|gl|sc/gu, syllable: 0.5, phrase: wordSet('e ed o oppure ma però che chi cui dove quando come perché se mentre') },
};
const OTHER_SOUNDS: Sounds = { digraphs: null, syllable: 0.5, phrase: new Set() };

/** A language's sounds (by its base code); other languages count letters and syllables as they are. */
function soundsOf(language: string): Sounds {
  return SOUNDS[language.toLowerCase().split(/[-_]/u)[0]!] ?? OTHER_SOUNDS;
}

/** What a symbol read as a word ("$", "%") weighs. */
const SYMBOL_WEIGHT = 6;
/** A number as written: digits, maybe in groups or with a decimal part ("18,000", "6.2", "18 000"). */
const NUMBER = /\p{Nd}+(?:[.,'’\u00a0\u202f]\p{Nd}+)*/gu;
/** A space between a number's groups, when the segmenter makes each group a word ("18 000"). */
const GROUP_SPACE = /^[ \u00a0\u202f]$/u;

/** The words of the text (as the language's segmenter sees them) with their expected lengths. */
export function wordsOf(text: string, language: string): Word[] {
  const words: Word[] = [];
  const numbers = numberWordsOf(language);
  const sounds = soundsOf(language);
  let end = 0;
  /** The number the words so far end with, when the next may be one more group of its digits. */
  let grouped: { value: number; weight: number } | null = null;
  for (const part of new Intl.Segmenter(language, { granularity: 'word' }).segment(text)) {
    if (!part.isWordLike) continue;
    const between = text.slice(end, part.index);
    const breakBefore = SENTENCE_END.test(between) ? 2 : CLAUSE_END.test(between) ? 1 : 0;
    end = part.index + part.segment.length;
    const symbols = between.match(SPOKEN_SYMBOL)?.length ?? 0;
    let weight = weightOf(part.segment, numbers, sounds);
    // "18 000": the second group makes the number "eighteen thousand", not "eighteen zero".
    const digits = /^\p{Nd}{1,3}$/u.test(part.segment) ? Number(part.segment) : null;
    if (grouped && digits !== null && part.segment.length === 3 && GROUP_SPACE.test(between)) {
      const value: number = grouped.value * 1000 + digits;
      const whole = spokenWeight(numbers.say(value), sounds);
      weight = Math.max(1, whole - grouped.weight);
      grouped = value < 1e12 ? { value, weight: whole } : null;
    } else {
      grouped = digits === null ? null : { value: digits, weight };
    }
    const phrase = sounds.phrase.has(part.segment.toLowerCase());
    // A symbol between words is said between them ("50 % of": "fifty percent of"; espeak reads
    // "$6" as "dollars six"): its length goes to the word before, when no pause comes between.
    const previous = words.at(-1);
    if (previous && symbols > 0 && breakBefore === 0) previous.weight += SYMBOL_WEIGHT * symbols;
    else weight += SYMBOL_WEIGHT * symbols;
    words.push({ from: part.index, to: end, weight, breakBefore: words.length === 0 ? 2 : breakBefore, phrase });
  }
  return words;
}

/**
 * A word's expected spoken length, in sounds' worth: a little for its onset, its sounds (letters,
 * a doubled letter or a digraph of the language counted once: "rolling", "through"), and a little
 * more for each syllable (vowel group: "idea" is longer than its letters say);
 * a number weighs as the words it is read as; capitals that cannot be said as a word are spelled
 * out; a CJK character is a syllable or two.
 */
function weightOf(word: string, numbers: NumberWords, sounds: Sounds): number {
  let weight = WORD_ONSET;
  let last = 0;
  for (const m of word.matchAll(NUMBER)) {
    weight += lettersWeight(word.slice(last, m.index), sounds);
    // Read as words: the first one's onset is the word's own.
    weight += spokenWeight(sayNumber(m[0], numbers), sounds) - WORD_ONSET;
    last = m.index + m[0].length;
  }
  return weight + lettersWeight(word.slice(last), sounds);
}

function lettersWeight(run: string, sounds: Sounds): number {
  const cjk = run.match(CJK)?.length ?? 0;
  const syllables = run.match(VOWELS)?.length ?? 0;
  return soundCount(run, sounds) - cjk + 3 * cjk + sounds.syllable * syllables + spelledExtra(run);
}

/** About how many sounds letters make: a doubled letter is one, and so is each digraph of the language. */
function soundCount(run: string, sounds: Sounds): number {
  const single = run.toLowerCase().replace(/(\p{L})\1/gu, '$1');
  return [...(sounds.digraphs ? single.replace(sounds.digraphs, '#') : single)].length;
}

/** The weight of words as they are read ("two thousand nineteen"). */
function spokenWeight(words: string, sounds: Sounds): number {
  return words.split(/[\s-]+/u).reduce((sum, w) => sum + (w ? WORD_ONSET + lettersWeight(w, sounds) : 0), 0);
}

/**
 * What capitals in a row add to a word's length when they are spelled out ("iOS": "i O S",
 * "USB", "PDF"): each letter is then a syllable. Capitals that can be said as a word ("NASA",
 * "UNESCO", a name in a headline) are read, as speech engines do: four or more letters with two
 * vowels or more, and no three consonants in a row.
 */
function spelledExtra(run: string): number {
  let extra = 0;
  for (const [caps] of run.matchAll(/\p{Lu}{2,}/gu)) {
    const vowels = caps.match(/[AEIOUYÄÖÜÀÂÉÈÊËÎÏÔÛÙÁÍÓÚ]+/gu)?.length ?? 0;
    const sayable = caps.length >= 4 && vowels >= 2 && !/[^AEIOUYÄÖÜÀÂÉÈÊËÎÏÔÛÙÁÍÓÚ]{3}/u.test(caps);
    if (!sayable) extra += 2.5 * caps.length;
  }
  return extra;
}

interface Speech {
  /** Where the sound starts and ends, in seconds from the speech's start. */
  onset: number;
  /** How fast it is spoken: 1 at a usual pace, 2 twice as fast. */
  pace: number;
  offset: number;
  pauses: Pause[];
  /** Seconds of sound (pauses left out) before `sec`. */
  voicedAt(sec: number): number;
  /** The inverse of voicedAt. */
  timeAtVoiced(voiced: number): number;
  /**
   * Moves word starts expected at `expected` (in order, between `from` and `to`) to dips in the
   * sound where words meet: of all ways to give each its own dip or none, in order, the one
   * closest to the expectation and through the deepest dips.
   */
  placeAtDips(expected: readonly number[], from: number, to: number): number[];
}

function speechOf(audio: SpeechAudio, weight: number): Speech | null {
  const rate = audio.sampleRate;
  const first = Math.max(0, Math.round((audio.startSec ?? 0) * rate));
  const last = Math.min(audio.samples.length, audio.durationSec === undefined ? audio.samples.length : first + Math.round(audio.durationSec * rate));
  const hop = Math.max(1, Math.round(FRAME_SEC * rate));
  const count = Math.floor((last - first) / hop);
  if (count < 2) return null;
  const db = new Float32Array(count);
  for (let f = 0; f < count; f++) {
    let energy = 0;
    for (let i = first + f * hop, end = i + hop; i < end; i++) energy += audio.samples[i]! * audio.samples[i]!;
    db[f] = 10 * Math.log10(energy / hop + 1e-12);
  }
  const loud = percentile(db, 0.9);
  // Nothing to hear: no word can be placed by it.
  if (loud < SILENT_DB) return null;
  const quiet = (f: number) => db[f]! < loud - QUIET_DB;
  let on = 0;
  while (on < count && quiet(on)) on++;
  let off = count;
  while (off > on && quiet(off - 1)) off--;
  if (on >= off) return null;
  const pace = Math.min(4, Math.max(0.25, (TYPICAL_SEC_PER_WEIGHT * weight) / ((off - on) * FRAME_SEC)));
  const minFrames = Math.max(2, Math.round(MIN_PAUSE_SEC / pace / FRAME_SEC));
  const pauses: Pause[] = [];
  for (let f = on; f < off; ) {
    if (!quiet(f)) {
      f++;
      continue;
    }
    let g = f;
    while (g < off && quiet(g)) g++;
    if (g - f >= minFrames) pauses.push({ start: f * FRAME_SEC, end: g * FRAME_SEC });
    f = g;
  }
  const onset = on * FRAME_SEC;
  const offset = off * FRAME_SEC;
  const voicedAt = (sec: number) => {
    let v = Math.max(0, Math.min(sec, offset) - onset);
    for (const p of pauses) v -= Math.max(0, Math.min(sec, p.end) - p.start);
    return Math.max(0, v);
  };
  const timeAtVoiced = (voiced: number) => {
    let t = onset + voiced;
    for (const p of pauses) {
      if (p.start > t) break;
      // A place in the sound after this pause: the pause's length is added back.
      if (p.start < t || (p.start === t && voiced > 0)) t += p.end - p.start;
    }
    return Math.min(t, offset);
  };
  const spread = DIP_RADIUS_SEC / pace;
  const contrast = (f: number) => {
    let high = -Infinity;
    for (let g = Math.max(on, f - 5); g <= Math.min(off - 1, f + 5); g++) high = Math.max(high, db[g]!);
    return high - db[f]!;
  };
  const placeAtDips = (expected: readonly number[], from: number, to: number): number[] => {
    // Dips: frames quieter than their neighbours, clearly below the loudest sound around them.
    const dips: { sec: number; depth: number }[] = [];
    for (let f = Math.max(on + 1, Math.ceil(from / FRAME_SEC) + 2); f < Math.min(off - 1, Math.floor(to / FRAME_SEC) - 1); f++) {
      if (db[f]! > db[f - 1]! || db[f]! > db[f + 1]!) continue;
      const depth = contrast(f);
      if (depth >= DIP_DB) dips.push({ sec: (f + 1) * FRAME_SEC, depth });
    }
    const n = expected.length;
    if (n === 0 || dips.length === 0) return [...expected];
    // cost[i][c]: words 0..i placed, word i at dip c (c = dips.length: at its expected place).
    const none = dips.length;
    const cost: Float64Array[] = [];
    const back: Int32Array[] = [];
    const place = (i: number, c: number) => (c === none ? expected[i]! : dips[c]!.sec);
    const local = (i: number, c: number) => {
      if (c === none) return 1;
      const off = (dips[c]!.sec - expected[i]!) / spread;
      return off * off - Math.min(1, dips[c]!.depth / (2 * DIP_DB));
    };
    for (let i = 0; i < n; i++) {
      cost.push(new Float64Array(none + 1).fill(Infinity));
      back.push(new Int32Array(none + 1).fill(-1));
      for (let c = 0; c <= none; c++) {
        const here = local(i, c);
        if (here > 9) continue;
        if (i === 0) {
          cost[0]![c] = here;
          continue;
        }
        for (let p = 0; p <= none; p++) {
          const before = cost[i - 1]![p]!;
          if (before === Infinity || place(i - 1, p) >= place(i, c)) continue;
          if (before + here < cost[i]![c]!) {
            cost[i]![c] = before + here;
            back[i]![c] = p;
          }
        }
      }
    }
    let c = 0;
    for (let k = 1; k <= none; k++) if (cost[n - 1]![k]! < cost[n - 1]![c]!) c = k;
    if (cost[n - 1]![c] === Infinity) return [...expected];
    const out: number[] = [];
    for (let i = n - 1; i >= 0; i--) {
      out[i] = place(i, c);
      c = back[i]![c]!;
    }
    return out;
  };
  return { onset, pace, offset, pauses, voicedAt, timeAtVoiced, placeAtDips };
}

/** A word known to start where the sound resumes after a pause (or at the sound's edges). */
interface Anchor {
  word: number;
  /** Where that word starts. */
  sec: number;
  /** Where the word before it ended (the pause's start). */
  endSec: number;
}

/**
 * Matches pauses to places between words: each matched pair says "this word starts where the sound
 * resumes". Every place may take a pause: a punctuated one surely (leaving it unmatched costs), one
 * before a conjunction or a relative word freely (speech engines and speakers phrase a long clause
 * there), any other at a cost. Of all monotone matchings (passing over up to MAX_SKIP pauses at a
 * time), the one whose stretches between matches keep closest to the chunk's speaking rate wins.
 */
function matchPauses(words: readonly Word[], speech: Speech): Anchor[] {
  const places = words.flatMap((_, k) => (k > 0 ? [k] : []));
  const matchCost = places.map((k) => (words[k]!.breakBefore > 0 ? 0 : words[k]!.phrase ? PHRASE_PAUSE_COST : PLAIN_PAUSE_COST));
  // skippedBefore[q]: what leaving the punctuated breaks among places 0..q-1 unmatched costs.
  const skippedBefore = [0];
  for (const k of places) skippedBefore.push(skippedBefore.at(-1)! + [0, 0.5, 1.2][words[k]!.breakBefore]!);
  const cumulative = [0];
  for (const w of words) cumulative.push(cumulative.at(-1)! + w.weight);
  const total = cumulative.at(-1)!;
  const voicedTotal = speech.voicedAt(speech.offset);
  const secPerWeight = voicedTotal / total;
  const { pauses } = speech;
  // A node pairs a pause with a place: state (pause index j, place index q), -1 for the start.
  type Node = { cost: number; from: [number, number] | null };
  const m = pauses.length;
  const p = places.length;
  const key = (j: number, q: number) => (j + 1) * (p + 1) + (q + 1);
  const best = new Map<number, Node>();
  best.set(key(-1, -1), { cost: 0, from: null });
  const voicedOfPause = pauses.map((pause) => speech.voicedAt(pause.start));
  const wordAt = (q: number) => (q < 0 ? 0 : q < p ? places[q]! : words.length);
  const stretchCost = (j0: number, q0: number, j1: number, q1: number) => {
    const voiced = (j1 < m ? voicedOfPause[j1]! : voicedTotal) - (j0 < 0 ? 0 : voicedOfPause[j0]!);
    const expected = (cumulative[wordAt(q1)]! - cumulative[wordAt(q0)]!) * secPerWeight;
    const ratio = Math.log((voiced + 0.1) / (expected + 0.1));
    let cost = 8 * ratio * ratio;
    for (let j = j0 + 1; j < j1; j++) cost += skipPauseCost(pauses[j]!, speech.pace);
    return cost + skippedBefore[q1]! - skippedBefore[q0 + 1]!;
  };
  const bestInto = (j: number, q: number, extra: number): Node | null => {
    let node: Node | null = null;
    for (let j0 = Math.max(-1, j - 1 - MAX_SKIP); j0 < j; j0++) {
      for (let q0 = Math.max(-1, q - MAX_SKIP_WORDS); q0 < q; q0++) {
        const prev = best.get(key(j0, q0));
        if (!prev) continue;
        const cost = prev.cost + stretchCost(j0, q0, j, q) + extra;
        if (!node || cost < node.cost) node = { cost, from: [j0, q0] };
      }
    }
    return node;
  };
  for (let j = 0; j < m; j++) {
    for (let q = 0; q < p; q++) {
      const node = bestInto(j, q, matchCost[q]!);
      if (node) best.set(key(j, q), node);
    }
  }
  const end = bestInto(m, p, 0);
  const matched: Anchor[] = [];
  for (let at = end?.from ?? null; at && at[0] >= 0; at = best.get(key(at[0], at[1]))!.from) {
    const pause = pauses[at[0]]!;
    matched.unshift({ word: places[at[1]]!, sec: pause.end, endSec: pause.start });
  }
  return [{ word: 0, sec: speech.onset, endSec: speech.onset }, ...matched, { word: words.length, sec: speech.offset, endSec: speech.offset }];
}

/** Leaving a pause unmatched costs more the longer it is (a long one is surely a break). */
function skipPauseCost(pause: Pause, pace: number): number {
  return Math.min(2, ((pause.end - pause.start) * pace) / 0.15);
}

function percentile(values: Float32Array, at: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(at * sorted.length))]!;
}

const round = (sec: number) => Math.round(sec * 1000) / 1000;
