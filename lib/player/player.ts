import { mp3Trim, playableSpan } from '../audio/gapless';
import { timeWords } from '../audio/word-timing';
import { chunkParams, MAX_SPOKEN_WORD, type ChunkSpeed, type PlayerAction, type PlayerStatus, type ReadingPlan, type SpokenWord } from './contract';
import { getAudio } from '../speech/cache';
import { createChunkFetcher } from './chunk-requests';
import { fetchPriority, fetchWindow, staleFetches } from './fetch-plan';
import { CACHE_READ_ERROR, DECODE_ERROR, type PlayerError } from './player-error';
import { playedSec, segment } from './segments';
import { chunkOfSentence, sentenceStartFraction, sentenceStartSec, wordsOfSentence } from './sentence-position';
import { eventOf, fetchSpeedOf, positionOf, rateOf, SENTENCE_LEAD_SEC, sentenceOf, timelineOf, type Decoded, type Scheduled, type Session } from './session';
import { cutForSpeed, type SpeedCut } from './speed-change';
import { stretchBuffer } from './stretch-buffer';
import type { Player, PlayerAudioContext, PlayerDeps } from './types';

/** How often the playing sentence is re-estimated and the fetch window moved on. */
const TICK_MS = 100;
/** A chunk due this soon after the one that just ended is heard as following on, not as a wait. */
const FOLLOW_ON_SEC = 0.05;
/** A new speed switches at a sentence start at least this far ahead (plus the output's latency). */
const SWITCH_LEAD_SEC = 0.05;

/**
 * Creates the reading-aloud player. It works in any page-like context (Chrome's offscreen document,
 * Firefox's background page): the host injects how to reach the background and report progress.
 *
 * Chunks play back to back on one AudioContext: each is scheduled at the previous one's end time,
 * so there is no gap unless its audio is not ready by then (the wait is recorded in stats()).
 * Only a chunk's speech is played: an mp3's encoder delay and padding (from its LAME tag) are left
 * out when the browser's decoder kept them, so they are not heard as silence between chunks.
 */
export function createPlayer(deps: PlayerDeps): Player {
  const now = deps.now ?? Date.now;
  const loadAudio = deps.loadAudio ?? getAudio;
  const stretch = deps.stretch ?? stretchBuffer;
  let context: PlayerAudioContext | null = null;
  let current: Session | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  /** Wakes the player when the next sentence (or the first sound) is due, sooner than a tick. */
  let due: ReturnType<typeof setTimeout> | null = null;

  // Created on first use: never at import, and only in the context that plays.
  const audio = () => (context ??= deps.audioContext?.() ?? new AudioContext());
  const live = (s: Session) => s === current && !s.done;
  /** Seconds from the context's clock to the speakers (0 where the engine does not say). */
  const outputLatency = () => (audio() as Partial<Pick<AudioContext, 'outputLatency'>>).outputLatency ?? 0;

  /** Brings the session up to date; called after every event (answer, decode, end of a chunk, tick). */
  function pump(s: Session): void {
    if (!live(s)) return;
    const t = audio().currentTime;
    retire(s, t);
    scheduleReady(s, t);
    if (s.done) return;
    requestAhead(s, t);
    refresh(s, t);
  }

  function retire(s: Session, t: number): void {
    // The node's own end event is trusted too: the clock read on the main thread can lag it.
    while (s.playing[0] && (s.playing[0].ended || s.playing[0].seg.end <= t)) {
      const done = s.playing.shift()!;
      s.playedBefore += playedSec(done.seg, t);
      // A chunk cut where a new speed took over goes on as the next node: counted once, at its end.
      if (!done.cut) s.stats.chunksPlayed++;
      // The following chunk is now the one sounding: its transition really happened.
      const head = s.playing[0];
      if (head?.gapMs !== undefined) s.stats.gapsMs.push(head.gapMs);
    }
  }

  function scheduleReady(s: Session, t: number): void {
    // Two scheduled chunks at most: decoded audio is large (a 5-minute chunk is ~50 MB of floats).
    while (s.next && s.playing.length < 2) {
      const { chunk } = s.next;
      const fetched = s.fetcher.state(chunk);
      if (fetched.status === 'failed') {
        // Let what is already scheduled play out; the error stops the reading when the chunk is due.
        if (s.playing.length > 0) return;
        if (fetched.error.kind === 'cancelled') finish(s, 'stopped');
        else finish(s, 'error', fetched.error);
        return;
      }
      const decoded = s.decoded.get(chunk);
      if (!decoded) {
        if (fetched.status === 'ready') decode(s, chunk, fetched.cacheKey);
        return;
      }
      schedule(s, decoded, t);
    }
  }

  function schedule(s: Session, decoded: Decoded, t: number): void {
    const ctx = audio();
    const next = s.next!;
    s.decoded.delete(next.chunk);
    const { startSec, durationSec } = decoded.span;
    // A sentence to start at is placed by its first word's start once the chunk's words are known.
    const wordStart = next.sentence === undefined ? null : sentenceStartSec(s.plan.chunks[next.chunk]!, s.words.get(next.chunk), next.sentence);
    const offset = Math.min(wordStart === null ? next.fraction * durationSec : Math.max(0, wordStart - SENTENCE_LEAD_SEC), durationSec);
    // Audio fetched at another speed than the reading's now is stretched to it (same pitch).
    const rate = rateOf(s, next.chunk);
    const stretched = rate === 1 ? null : stretch(decoded.buffer, startSec + offset, startSec + durationSec, rate);
    // Stretching takes a moment: the clock is read again after it.
    if (stretched) t = ctx.currentTime;
    // A source started "now" can sound a render burst late (the audio thread renders ahead of the
    // clock the page reads), while the next chunk goes at this one's scheduled end: it would cut
    // into this one's end. Starts are put a little ahead instead; the wait is counted as first audio.
    const earliest = t + 2 * (ctx.baseLatency ?? 0);
    let when = earliest;
    let gapMs: number | undefined;
    if (next.continues && s.lastEnd !== null) {
      // A learner's pause after the chunk before is meant, not a gap (not after a cut: same chunk).
      const due = s.lastEnd + (next.fraction === 0 ? (s.plan.chunks[next.chunk - 1]?.pauseAfterSec ?? 0) : 0);
      when = Math.max(due, earliest);
      gapMs = Math.round((when - due) * 1e6) / 1e3;
      // Counted once the chunk is reached (a jump may drop it first); a late one is reached now.
      if (s.playing.length === 0) s.stats.gapsMs.push(gapMs);
    }
    const seg = segment(next.chunk, when, offset, durationSec, rate);
    // Offsets on the reading's timeline count from the speech's start, so sentence timing holds.
    const scheduled = play(s, stretched ?? decoded.buffer, stretched ? 0 : startSec + offset, seg, decoded);
    if (s.playing.length > 1 && gapMs !== undefined) scheduled.gapMs = gapMs;
    s.lastEnd = seg.end;
    s.stats.schedule.push({ chunk: next.chunk, start: seg.when, end: seg.end });
    s.durations[next.chunk] = durationSec;
    if (s.stats.firstAudioAt === null) {
      s.stats.firstAudioAt = now() + (when - t) * 1000;
      // How long after that the output device plays it (the word highlight waits for it too).
      s.stats.outputLatencyMs = Math.round(outputLatency() * 1000);
    }
    s.next = next.chunk + 1 < s.plan.chunks.length ? { chunk: next.chunk + 1, fraction: 0, continues: true } : null;
  }

  /** Starts a node playing `buffer` from `bufferOffset` for the segment, and follows it. */
  function play(s: Session, buffer: AudioBuffer, bufferOffset: number, seg: Scheduled['seg'], decoded: Decoded): Scheduled {
    const ctx = audio();
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(ctx.destination);
    const scheduled: Scheduled = { seg, source, decoded, ended: false };
    source.onended = () => {
      scheduled.ended = true;
      pump(s);
    };
    source.start(seg.when, bufferOffset, seg.end - seg.when);
    s.playing.push(scheduled);
    return scheduled;
  }

  /**
   * Changes the listening speed from the next sentence on: the chunk sounding is cut at a
   * sentence's start (the first one far enough ahead to switch there without a gap) and goes on
   * from there stretched; chunks scheduled after it are taken back and scheduled again at the new rate.
   */
  function setSpeed(s: Session, speed: number): void {
    if (Math.abs(speed - s.speed) < 1e-6) return;
    const ctx = audio();
    retire(s, ctx.currentTime);
    s.speed = speed;
    const [head, ...later] = s.playing;
    if (!head) return pump(s);
    // What is scheduled after the head (the next chunk, or the rest of the head's chunk after an
    // earlier change) has not started: taken back, it is scheduled again at the new rate.
    for (const p of later) {
      p.source.onended = null;
      p.source.stop();
      s.decoded.set(p.seg.chunk, p.decoded);
    }
    const first = later[0];
    if (first) s.next = { chunk: first.seg.chunk, fraction: first.seg.offset / (first.seg.duration || 1), continues: true };
    s.playing = [head];
    s.lastEnd = head.seg.end;
    const rate = rateOf(s, head.seg.chunk);
    if (!head.cut && rate !== head.seg.rate) {
      const cut = cutForSpeed(s.plan.chunks[head.seg.chunk]!, head.seg, ctx.currentTime);
      if (cut) switchAt(s, head, cut, rate);
    }
    pump(s);
  }

  function switchAt(s: Session, head: Scheduled, cut: SpeedCut, rate: number): void {
    const ctx = audio();
    const { startSec, durationSec } = head.decoded.span;
    const buffer = stretch(head.decoded.buffer, startSec + cut.fromSec, startSec + durationSec, rate);
    // Stretching takes a moment: the switch goes at the first sentence start still far enough ahead.
    const lead = SWITCH_LEAD_SEC + 2 * (ctx.baseLatency ?? 0);
    const at = cut.starts.find((c) => c.when >= ctx.currentTime + lead);
    if (!at) return;
    head.source.stop(at.when);
    head.seg = segment(head.seg.chunk, head.seg.when, head.seg.offset, head.seg.duration, head.seg.rate, at.sec);
    head.cut = true;
    const seg = segment(head.seg.chunk, at.when, at.sec, durationSec, rate);
    play(s, buffer, (at.sec - cut.fromSec) / rate, seg, head.decoded);
    s.lastEnd = seg.end;
  }

  function decode(s: Session, chunk: number, cacheKey: string): void {
    if (s.decoding.has(chunk)) return;
    s.decoding.add(chunk);
    void (async () => {
      let entry;
      try {
        entry = await loadAudio(cacheKey);
      } catch {
        if (live(s)) s.fetcher.fail(chunk, CACHE_READ_ERROR);
        return;
      }
      if (!live(s)) return;
      if (!entry) return s.fetcher.cacheMiss(chunk);
      try {
        // decodeAudioData detaches the buffer it is given: hand it a copy.
        const buffer = await audio().decodeAudioData(entry.audio.slice().buffer);
        if (!live(s)) return;
        const span = playableSpan(buffer.duration, mp3Trim(entry.audio));
        s.durations[chunk] = span.durationSec;
        const words = wordsOf(s, chunk, buffer, span);
        if (words.length > 0) s.words.set(chunk, words);
        if (s.next?.chunk === chunk) s.decoded.set(chunk, { buffer, span });
      } catch {
        if (live(s)) s.fetcher.fail(chunk, DECODE_ERROR);
      }
    })().finally(() => {
      s.decoding.delete(chunk);
      pump(s);
    });
  }

  function requestAhead(s: Session, t: number): void {
    const { chunk, inChunkSec } = positionOf(s, t);
    const { starts } = timelineOf(s);
    // Until the awaited chunk has answered, ask for nothing else: requests in flight together
    // share the service's (and the network's) capacity, and the listener is waiting for this one.
    if (s.fetcher.state(chunk).status !== 'ready') {
      s.fetcher.request(chunk, fetchPriority(chunk, chunk));
      return;
    }
    for (const i of fetchWindow(starts, chunk, starts[chunk]! + inChunkSec)) {
      s.fetcher.request(i, fetchPriority(i, chunk));
    }
  }

  function refresh(s: Session, t: number): void {
    if (!s.paused && s.playing.length === 0 && !s.next) return finish(s, 'ended');
    // Playing once it sounds, not when it is scheduled: the highlight moves with the audio. A chunk
    // following on (its node's end event can come before the clock read here reaches its end) goes on playing.
    const head = s.playing[0];
    const sounding = head && (t >= head.seg.when || (s.status === 'playing' && head.seg.when - t < FOLLOW_ON_SEC));
    s.status = s.paused ? 'paused' : sounding ? 'playing' : 'loading';
    s.chunk = positionOf(s, t).chunk;
    s.sentence = sentenceOf(s, t);
    syncTimer(s);
    wakeWhenDue(s, t);
    emit(s);
  }

  function emit(s: Session): void {
    const last = s.lastEmitted;
    if (last && last.status === s.status && last.sentence === s.sentence) return;
    s.lastEmitted = { status: s.status, sentence: s.sentence };
    const t = audio().currentTime;
    const words = s.status === 'playing' ? spokenWords(s, t) : [];
    deps.onEvent({ ...eventOf(s, t), ...(words.length > 0 ? { words } : {}) });
  }

  /**
   * The playing sentence's words with the wall-clock time each starts sounding (those of it that
   * are scheduled: a jump into it starts at its start).
   */
  function spokenWords(s: Session, t: number): SpokenWord[] {
    const chunk = s.plan.chunks[s.chunk]!;
    const words = s.words.get(s.chunk);
    if (!words) return [];
    const sentenceFrom = chunk.sentenceOffsets[s.sentence - chunk.firstSentence] ?? 0;
    const latency = outputLatency();
    const nowMs = now();
    return wordsOfSentence(chunk, words, s.sentence).flatMap((w): SpokenWord[] => {
      const at = contextTimeOf(s, s.chunk, w.atSec);
      if (at === null || w.to - w.from > MAX_SPOKEN_WORD) return [];
      const text = chunk.text.slice(w.from, w.to);
      return [{ from: w.from - sentenceFrom, to: w.to - sentenceFrom, text, at: Math.round(nowMs + (at - t + latency) * 1000) }];
    });
  }

  /** The context time `sec` of a chunk's speech sounds, if it is scheduled. */
  function contextTimeOf(s: Session, chunk: number, sec: number): number | null {
    for (const { seg } of s.playing) {
      if (seg.chunk !== chunk || sec < seg.offset - SENTENCE_LEAD_SEC) continue;
      const at = seg.when + Math.max(0, sec - seg.offset) / seg.rate;
      if (at <= seg.end) return at;
    }
    return null;
  }

  /** Pumps when the first sound is due, or the next sentence starts by its words' timing. */
  function wakeWhenDue(s: Session, t: number): void {
    if (due) clearTimeout(due);
    due = null;
    const head = s.playing[0];
    if (!live(s) || s.paused || !head) return;
    let at: number | null = t < head.seg.when ? head.seg.when : null;
    if (at === null) {
      const chunk = s.plan.chunks[s.chunk]!;
      const start = sentenceStartSec(chunk, s.words.get(s.chunk), s.sentence + 1);
      at = s.sentence < chunk.lastSentence && start !== null ? contextTimeOf(s, s.chunk, start - SENTENCE_LEAD_SEC) : null;
    }
    if (at !== null && at > t) due = setTimeout(() => live(s) && pump(s), (at - t) * 1000 + 1);
  }

  function syncTimer(s: Session): void {
    const want = live(s) && !s.paused && s.playing.length > 0;
    if (want && !timer) timer = setInterval(() => current && pump(current), TICK_MS);
    if (!want && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  /** Silences whatever is scheduled, counting what was heard. */
  function unschedule(s: Session, t: number, keepChunk?: number): void {
    for (const { seg, source, decoded } of s.playing) {
      s.playedBefore += playedSec(seg, t);
      source.onended = null;
      source.stop();
      if (seg.chunk === keepChunk) s.decoded.set(keepChunk, decoded);
    }
    s.playing = [];
    s.lastEnd = null;
  }

  function finish(s: Session, status: PlayerStatus, error?: PlayerError): void {
    const t = audio().currentTime;
    s.chunk = positionOf(s, t).chunk;
    s.sentence = sentenceOf(s, t);
    unschedule(s, t);
    s.decoded.clear();
    if (s.fetcher.inFlight().length > 0) s.fetcher.cancelAll();
    s.fetcher.close();
    s.done = true;
    s.status = status;
    if (error) s.error = error;
    syncTimer(s);
    wakeWhenDue(s, t);
    s.lastEmitted = { status, sentence: s.sentence };
    deps.onEvent(eventOf(s, t));
    // Nothing plays until the next start(): let the audio device sleep.
    void audio().suspend().catch(() => undefined);
  }

  function jump(s: Session, target: number): void {
    if (target >= s.plan.sentenceCount) return finish(s, 'ended');
    const t = audio().currentTime;
    retire(s, t);
    const chunk = chunkOfSentence(s.plan.chunks, target);
    unschedule(s, t, chunk);
    for (const k of s.decoded.keys()) if (k !== chunk) s.decoded.delete(k);
    s.next = { chunk, fraction: sentenceStartFraction(s.plan.chunks[chunk]!, target), continues: false, sentence: target };
    // Only requests no longer worth their credits are given up; the ones still wanted keep going.
    const { starts } = timelineOf(s);
    const { inChunkSec } = positionOf(s, t);
    s.fetcher.release(staleFetches(s.fetcher.inFlight(), starts, chunk, starts[chunk]! + inChunkSec));
    pump(s);
  }

  function setPaused(s: Session, paused: boolean): void {
    if (s.paused === paused) return;
    s.paused = paused;
    void (paused ? audio().suspend() : audio().resume()).catch(() => undefined);
    pump(s);
  }

  const actions: Record<PlayerAction, (s: Session) => void> = {
    pause: (s) => setPaused(s, true),
    resume: (s) => setPaused(s, false),
    toggle: (s) => setPaused(s, !s.paused),
    stop: (s) => finish(s, 'stopped'),
    next: (s) => jump(s, sentenceOf(s, audio().currentTime) + 1),
    previous: (s) => jump(s, Math.max(0, sentenceOf(s, audio().currentTime) - 1)),
  };

  return {
    start(plan: ReadingPlan, startSentence = 0) {
      if (current && !current.done) finish(current, 'stopped');
      void audio().resume().catch(() => undefined);
      const sentence = Math.min(Math.max(0, Math.trunc(startSentence) || 0), plan.sentenceCount - 1);
      const chunk = chunkOfSentence(plan.chunks, sentence);
      const s: Session = {
        plan,
        speed: plan.params.speed,
        cachedSpeeds: new Map(),
        fetcher: createChunkFetcher(plan, deps, () => pump(s), (i) => fetchSpeedOf(s, i)),
        durations: [],
        playing: [],
        next: { chunk, fraction: sentenceStartFraction(plan.chunks[chunk]!, sentence), continues: false, sentence },
        decoded: new Map(),
        decoding: new Set(),
        words: new Map(),
        lastEnd: null,
        playedBefore: 0,
        paused: false,
        done: false,
        status: 'loading',
        chunk,
        sentence,
        lastEmitted: null,
        stats: { sessionId: plan.sessionId, firstAudioAt: null, startedAt: now(), gapsMs: [], chunksPlayed: 0, schedule: [] },
      };
      current = s;
      pump(s);
    },
    control(action) {
      const s = current;
      if (s && !s.done) actions[action](s);
    },
    setSpeed(speed, cached = []) {
      const s = current;
      if (!s || s.done) return [];
      for (const { chunk, speed: at } of cached) if (s.fetcher.speedOf(chunk) === undefined) s.cachedSpeeds.set(chunk, at);
      setSpeed(s, speed);
      return s.plan.chunks.flatMap((_, chunk): ChunkSpeed[] => {
        const known = s.fetcher.speedOf(chunk) ?? s.cachedSpeeds.get(chunk) ?? s.plan.chunks[chunk]!.speed;
        return known !== undefined && Math.abs(known - speed) > 1e-6 ? [{ chunk, speed: known }] : [];
      });
    },
    state: () => (current ? eventOf(current, audio().currentTime) : null),
    stats: () => (current ? { ...current.stats, gapsMs: [...current.stats.gapsMs], schedule: current.stats.schedule.map((e) => ({ ...e })) } : null),
  };
}

/**
 * A chunk's words and when each starts in its speech, from its decoded audio (none where the audio
 * cannot be read: a test's fake, an engine without channel data).
 */
function wordsOf(s: Session, chunk: number, buffer: AudioBuffer, span: { startSec: number; durationSec: number }) {
  const planned = s.plan.chunks[chunk]!;
  if (typeof buffer.getChannelData !== 'function') return [];
  try {
    return timeWords(planned.text, chunkParams(s.plan.params, planned).language, {
      samples: buffer.getChannelData(0),
      sampleRate: buffer.sampleRate,
      startSec: span.startSec,
      durationSec: span.durationSec,
    });
  } catch {
    return [];
  }
}

export type { Player, PlayerDeps, PlayerStats } from './types';
