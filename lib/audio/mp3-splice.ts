import { DECODER_DELAY, rewriteHeaderFrame } from './lame-tag';
import { parseMp3, type Mp3Info } from './mp3';
import { encodeMp3, openMp3Codec, type Mp3Codec } from './mp3-codec';
import { concatMp3, frameBytes, parseParts, silentFrame, withHeader } from './mp3-join';

/**
 * A gapless join of MP3 streams: each join sounds as the parts' speech laid end to end, to the
 * sample, where a frame-by-frame join (concatMp3) keeps up to a frame of encoder silence there.
 *
 * Most frames are copied as they are. Around each join a short span is decoded (the left part's
 * last 0.1 s, mostly its closing pause, and the right part's first 0.75 s of speech), its encoder
 * delay and padding cut exactly, and encoded again (lamejs), so the cost grows with the number of
 * joins, not with the length. Copied frames can only sit on the whole-frame grid, so the span is
 * given a whole number of frames: the few samples this rounding adds or takes (about half a frame,
 * 13 ms at 22 kHz; up to a frame before the last part, which only moves earlier) are spread over
 * the span's speech (a change of speed of 1–3% for under a second), while the pause at the join is
 * kept sample for sample. The re-encoded frames line up with the copied ones' grid, and the encoder is given the
 * audio just before and after the span, so both seams overlap like frames of one stream.
 *
 * Needs LAME tags on all parts (they say where the speech is) and Layer III; without them, or if
 * the codec fails, it falls back to the frame-by-frame join.
 */
export async function joinMp3Gapless(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  const infos = parseParts(parts);
  if (parts.length < 2) return concatMp3(parts);
  try {
    return (await splice(parts, infos)) ?? concatMp3(parts);
  } catch (error) {
    console.warn('Gapless mp3 join failed; joining whole frames instead.', error);
    return concatMp3(parts);
  }
}

/**
 * Audio re-encoded before a join (the end of the left part: mostly its closing pause) and after
 * it (the right part's opening speech, where the rounding to whole frames is spread). A pause is
 * best left as it was: a second encoding alters breath noise near the threshold of silence.
 */
const BEFORE_SEC = 0.1;
const AFTER_SEC = 0.75;
/** lamejs frames before the kept ones: they prime the encoder on the audio before the span. */
const LEAD_FRAMES = 4;
/** Frames' worth of audio encoded after the span, for the encoder's look-ahead. */
const TAIL_FRAMES = 3;
/** Frames decoded before the first sample needed: mpg123 fills its overlap (and bit reservoir) with them. */
const WARM_FRAMES = 2;
/** Copied frames a part must keep between two joins; with fewer it is re-encoded whole. */
const MIN_ISLAND = 4;
/** LAME's (and so lamejs's) encoder delay, at every rate. */
const ENCODER_DELAY = 576;
/** The largest padding a LAME tag can say (12 bits). */
const MAX_PADDING = 0xfff;
/** Quieter than this (about −54 dBFS) is the pause at a join, kept unchanged. */
const QUIET = 0.002;

interface Part {
  bytes: Uint8Array;
  info: Mp3Info;
  /** Audio frames. */
  n: number;
  delay: number;
  /** Where the speech is in the part's whole decoded output (no tag honoured). */
  start: number;
  end: number;
}

/** A part's frames [from, to) copied into the join; `offset` is the joined frame index of its frame 0. */
interface Island {
  part: number;
  from: number;
  to: number;
  offset: number;
}

async function splice(bytes: readonly Uint8Array[], infos: readonly Mp3Info[]): Promise<Uint8Array | null> {
  const frameSamples = infos[0]!.frames[0]?.samples;
  if (!frameSamples || !infos.every((info, i) => info.header?.lame && isLayer3(bytes[i]!, info))) return null;
  if (!infos.every((info) => info.frames.every((f) => f.samples === frameSamples))) return null;
  const FS = frameSamples;
  const { sampleRate, channels } = infos[0]!;
  const parts: Part[] = infos.map((info, i) => {
    const { delay, padding } = info.header!.lame!;
    const n = info.frames.length;
    const start = delay + DECODER_DELAY;
    return { bytes: bytes[i]!, info, n, delay, start, end: start + Math.max(0, n * FS - delay - padding) };
  });
  const last = parts.length - 1;
  const [before, after] = [BEFORE_SEC, AFTER_SEC].map((sec) => Math.ceil(sec * sampleRate)) as [number, number];
  // Which frames of each part are copied: all but the ones near a join, starting where no byte
  // is borrowed from the frames before (the bit reservoir); too few, and none.
  const islands: (Island | null)[] = parts.map((p, i) => {
    let from = i === 0 ? 0 : Math.ceil((p.start + after) / FS);
    while (i > 0 && from < p.n && p.info.frames[from]!.mainDataBegin !== 0) from++;
    let to = i === last ? p.n : Math.floor((p.end - before) / FS);
    if (i === 0 && to < MIN_ISLAND) to = 0;
    if (i === last && p.n - from < MIN_ISLAND) from = p.n;
    if (i !== 0 && i !== last && to - from < MIN_ISLAND) return null;
    return { part: i, from: Math.min(from, p.n), to: Math.max(0, to), offset: 0 };
  });
  const anchors = islands.filter((x): x is Island => x !== null);
  const speechBefore = (i: number) => parts.slice(0, i).reduce((n, p) => n + p.end - p.start, 0);
  const totalSpeech = speechBefore(parts.length);

  const codec = await openMp3Codec();
  try {
    const out: Uint8Array[] = [];
    const islandBytes = (island: Island) => frameBytes(parts[island.part]!.bytes, parts[island.part]!.info.frames.slice(island.from, island.to));
    out.push(...islandBytes(anchors[0]!));
    for (let k = 0; k + 1 < anchors.length; k++) {
      const left = anchors[k]!;
      const right = anchors[k + 1]!;
      const l = parts[left.part]!;
      const r = parts[right.part]!;
      // What the span says, in each part's decoded samples: the left part's speech from its last
      // copied frame, the whole speech of any part between, the right part's up to its first copied frame.
      const pieces: Float32Array[][] = [await decodeRange(codec, l, left.to * FS, l.end, FS, channels)];
      for (let i = left.part + 1; i < right.part; i++) pieces.push(await decodeRange(codec, parts[i]!, parts[i]!.start, parts[i]!.end, FS, channels));
      pieces.push(await decodeRange(codec, r, r.start, right.from * FS, FS, channels));
      const x = concatChannels(pieces, channels);
      const joins: number[] = [];
      let at = 0;
      for (const piece of pieces.slice(0, -1)) joins.push((at += piece[0]!.length));
      // Where the right part's frame 0 goes: its speech as near its exact place as whole frames allow.
      right.offset = placeRight(left, right, x[0]!.length, FS, speechBefore(right.part) + parts[0]!.start - r.start, right.part === last ? (g) => FS * (r.n + g) - parts[0]!.delay - totalSpeech : null);
      const spanSamples = FS * (right.from + right.offset - left.to - left.offset);
      const y = warp(x, spanSamples, joins);
      const lead = FS * LEAD_FRAMES - ENCODER_DELAY - DECODER_DELAY;
      const primer = await decodeRange(codec, l, left.to * FS - lead, left.to * FS, FS, channels);
      const lookAhead = await decodeRange(codec, r, right.from * FS, (right.from + TAIL_FRAMES) * FS, FS, channels);
      const encoded = encodeMp3(concatChannels([primer, y, lookAhead], channels), sampleRate, KBPS[FS as 576 | 1152].at(-1)!);
      const e = parseMp3(encoded);
      const frames = e.frames.slice(LEAD_FRAMES, LEAD_FRAMES + spanSamples / FS);
      if (e.sampleRate !== sampleRate || e.channels !== channels || frames.length !== spanSamples / FS || frames.some((f) => f.samples !== FS || f.mainDataBegin !== 0)) {
        throw new Error('the re-encoded span does not fit the stream');
      }
      out.push(...frameBytes(encoded, frames));
      out.push(...islandBytes(right));
    }
    const lastAnchor = anchors.at(-1)!;
    let padding = FS * (parts[last]!.n + lastAnchor.offset) - parts[0]!.delay - totalSpeech;
    // A decoder puts out its last frame's overlap only with the next frame: one more, silent.
    if (padding < DECODER_DELAY) {
      const f = parts[last]!.info.frames.at(-1)!;
      out.push(silentFrame(parts[last]!.bytes.subarray(f.offset, f.offset + 4), f.length));
      padding += FS;
    }
    const first = parts[0]!.info.header!;
    const header = rewriteHeaderFrame(parts[0]!.bytes.subarray(first.offset, first.offset + first.length), first.lame!, { frames: out, delay: parts[0]!.delay, padding });
    // Frames of two bitrates: a VBR stream, whose seek table is the one to trust.
    header.set(new TextEncoder().encode('Xing'), first.lame!.xingOffset);
    return withHeader(header, out);
  } finally {
    codec.free();
  }
}

function isLayer3(bytes: Uint8Array, info: Mp3Info): boolean {
  const first = info.frames[0];
  return !!first && ((bytes[first.offset + 1]! >> 1) & 3) === 1;
}

/**
 * Layer III bitrates (kbps) of MPEG-1, and of MPEG-2 and 2.5. Spans are encoded at the highest:
 * a second encoding's quantization noise spreads over a frame around each onset, and at the
 * parts' own rate (48 kbps) it fills the first and last 5–20 ms of a pause.
 */
const KBPS = { 1152: [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], 576: [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160] };

/**
 * Samples [from, to) of a part's whole decoded output (no tag honoured), one array per channel;
 * zero outside the part. Decoding starts a few frames early, at a frame that borrows no bytes.
 */
async function decodeRange(codec: Mp3Codec, p: Part, from: number, to: number, FS: number, channels: number): Promise<Float32Array[]> {
  const out = Array.from({ length: channels }, () => new Float32Array(Math.max(0, to - from)));
  const fa = Math.max(0, Math.floor(from / FS));
  const fb = Math.min(p.n, Math.ceil(to / FS));
  if (fa >= fb || to <= from) return out;
  let d0 = Math.max(0, fa - WARM_FRAMES);
  while (d0 > 0 && p.info.frames[d0]!.mainDataBegin !== 0) d0--;
  const frames = p.info.frames.slice(d0, fb);
  const decoded = await codec.decode(withHeader(null, frameBytes(p.bytes, frames)));
  if (decoded.length < channels || decoded[0]!.length !== frames.length * FS) throw new Error('mp3 frames decoded to an unexpected length');
  const base = d0 * FS;
  const a = Math.max(from, fa * FS);
  const b = Math.min(to, fb * FS);
  for (let c = 0; c < channels; c++) out[c]!.set(decoded[c]!.subarray(a - base, b - base), a - from);
  return out;
}

function concatChannels(pieces: readonly Float32Array[][], channels: number): Float32Array[] {
  return Array.from({ length: channels }, (_, c) => {
    const out = new Float32Array(pieces.reduce((n, p) => n + p[c]!.length, 0));
    let at = 0;
    for (const p of pieces) {
      out.set(p[c]!, at);
      at += p[c]!.length;
    }
    return out;
  });
}

/**
 * The joined frame index of the right part's frame 0: the whole-frame place nearest its exact one
 * (`ideal`, in samples), the one that changes the span's length least, and (for the last part)
 * one whose padding a LAME tag can say.
 */
function placeRight(left: Island, right: Island, spanIn: number, FS: number, ideal: number, paddingAt: ((offset: number) => number) | null): number {
  for (const reach of [FS, 2 * FS]) {
    let best: number | null = null;
    let bestCost = Infinity;
    for (let g = Math.floor(ideal / FS) - 2; g <= Math.floor(ideal / FS) + 3; g++) {
      const spanOut = FS * (right.from + g - left.to - left.offset);
      if (spanOut < FS || Math.abs(FS * g - ideal) > reach) continue;
      // The last part may only move later (its end is then padding, never cut off).
      if (paddingAt && (FS * g > ideal || paddingAt(g) > MAX_PADDING)) continue;
      const cost = Math.abs(spanOut - spanIn);
      if (cost < bestCost) [best, bestCost] = [g, cost];
    }
    if (best !== null) return best;
  }
  throw new Error('no whole-frame place for the part after a join');
}

/**
 * `x` stretched or squeezed to `length` samples. The pause around each join (`joins`, offsets in
 * `x`) is kept as it is; the change is spread over the rest (speech) by cubic interpolation. When
 * the rest is too short for that, the whole is.
 */
function warp(x: Float32Array[], length: number, joins: readonly number[]): Float32Array[] {
  const n = x[0]!.length;
  if (n === 0) return x.map(() => new Float32Array(length));
  const loud = (i: number) => x.some((c) => Math.abs(c[i]!) >= QUIET);
  let kept: [number, number][] = [];
  for (const j of joins) {
    let a = j;
    while (a > 0 && !loud(a - 1)) a--;
    let b = j;
    while (b < n && !loud(b)) b++;
    const previous = kept.at(-1);
    if (previous && a <= previous[1]) previous[1] = Math.max(previous[1], b);
    else kept.push([a, b]);
  }
  let free = n - kept.reduce((sum, [a, b]) => sum + b - a, 0);
  const delta = length - n;
  if (free + delta <= 0 || Math.abs(delta) > free * 0.05) {
    kept = [];
    free = n;
  }
  // Segments [a, b) in x, stretched or not, in order.
  const segments: { a: number; b: number; stretch: boolean }[] = [];
  let at = 0;
  for (const [a, b] of kept) {
    if (a > at) segments.push({ a: at, b: a, stretch: true });
    if (b > a) segments.push({ a, b, stretch: false });
    at = b;
  }
  if (at < n) segments.push({ a: at, b: n, stretch: true });
  const out = x.map(() => new Float32Array(length));
  let stretchedIn = 0;
  let written = 0;
  for (const s of segments) {
    let outLength = s.b - s.a;
    if (s.stretch) {
      const before = Math.round((stretchedIn * (free + delta)) / free);
      stretchedIn += s.b - s.a;
      outLength = Math.round((stretchedIn * (free + delta)) / free) - before;
    }
    for (let c = 0; c < x.length; c++) {
      const src = x[c]!;
      const dst = out[c]!;
      if (!s.stretch) {
        dst.set(src.subarray(s.a, s.b), written);
        continue;
      }
      const step = (s.b - s.a) / outLength;
      for (let k = 0; k < outLength; k++) dst[written + k] = cubic(src, s.a + k * step);
    }
    written += outLength;
  }
  return out;
}

/** Catmull-Rom interpolation of `x` at fractional `position` (edges held). */
function cubic(x: Float32Array, position: number): number {
  const i = Math.floor(position);
  const t = position - i;
  const at = (k: number) => x[Math.min(x.length - 1, Math.max(0, k))]!;
  const p0 = at(i - 1);
  const p1 = at(i);
  const p2 = at(i + 1);
  const p3 = at(i + 2);
  return p1 + 0.5 * t * (p2 - p0 + t * (2 * p0 - 5 * p1 + 4 * p2 - p3 + t * (3 * (p1 - p2) + p3 - p0)));
}
