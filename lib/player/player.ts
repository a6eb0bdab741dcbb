import { mp3Trim, playableSpan } from '../audio/gapless';
import { pcm16Wav } from '../audio/wav';
import { timeWords } from '../audio/word-timing';
import { chunkParams, MAX_SPOKEN_WORD, type ChunkSpeed, type PlayerAction, type PlayerStatus, type ReadingPlan, type SpokenWord } from './contract';
import { getAudio } from '../speech/cache';
import { createChunkFetcher } from './chunk-requests';
import { fetchPriority, fetchWindow, staleFetches } from './fetch-plan';
import { CACHE_READ_ERROR, DECODE_ERROR, type PlayerError } from './player-error';
import { playedSec, segment } from './segments';
import { chunkOfSentence, sentenceStartFraction, sentenceStartSec, wordsOfSentence } from './sentence-position';
import { eventOf, fetchSpeedOf, positionOf, rateOf, SENTENCE_LEAD_SEC, sentenceOf, timelineOf, type Decoded, type Preparing, type Scheduled, type Session } from './session';
import { cutForSpeed, type SpeedCut } from './speed-change';
import { stretchBuffer, type StretchStream } from './stretch-buffer';
import type { Player, PlayerAudioContext, PlayerDeps } from './types';

/** How often the playing sentence is re-estimated and the fetch window moved on. */
const TICK_MS = 100;
/** A chunk due this soon after the one that just ended is heard as following on, not as a wait. */
const FOLLOW_ON_SEC = 0.05;
/** A new speed switches at a sentence start at least this far ahead (plus the output's latency). */
const SWITCH_LEAD_SEC = 0.05;
/** Time allowed for the first slice of stretched audio to be made, when choosing where a new speed switches. */
const STRETCH_WAIT_SEC = 0.25;
/**
 * Stretched audio is made in the stretch worker a slice at a time, only this far ahead of the
 * playhead: a long chunk slowed down is never made (nor held) whole, and a new change drops little.
 */
const STRETCH_AHEAD_SEC = 10;
/** The first slice is short (playback waits for it), the next ones longer. */
const FIRST_SLICE_SEC = 2;
const SLICE_SEC = 5;
/** A context opened by prepare() for a reading that does not come (the user was asked first) is suspended after this long. */
const PREPARED_IDLE_MS = 30_000;

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
  /** Set by prepare(): suspends the context again if no reading comes. */
  let idle: ReturnType<typeof setTimeout> | null = null;
  let decoderWarm = false;

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
    stretchAhead(s, t);
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
    // Nothing goes after the chunk sounding while a new speed is about to cut it.
    while (s.next && s.playing.length < 2 && !s.switching) {
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
      if (!schedule(s, decoded, t)) return;
    }
  }

  /** Schedules the next chunk; false while its stretched audio's first slice is being made. */
  function schedule(s: Session, decoded: Decoded, t: number): boolean {
    const ctx = audio();
    const next = s.next!;
    const { startSec, durationSec } = decoded.span;
    // A sentence to start at is placed by its first word's start once the chunk's words are known.
    const wordStart = next.sentence === undefined ? null : sentenceStartSec(s.plan.chunks[next.chunk]!, s.words.get(next.chunk), next.sentence);
    const offset = Math.min(wordStart === null ? next.fraction * durationSec : Math.max(0, wordStart - SENTENCE_LEAD_SEC), durationSec);
    // Audio fetched at another speed than the reading's now is stretched to it (same pitch), in
    // the stretch worker: the chunk is scheduled once the first slice is made.
    const rate = rateOf(s, next.chunk);
    const p = s.preparing;
    if (p && (p.chunk !== next.chunk || p.rate !== rate || p.offset !== offset)) dropPreparing(s);
    let first: AudioBuffer | null = null;
    if (rate !== 1) {
      if (!s.preparing) {
        const prepared: Preparing = (s.preparing = { chunk: next.chunk, offset, rate, stream: startStretch(s, next.chunk, decoded, startSec + offset, startSec + durationSec, rate) });
        void nextSlice(s, prepared.stream, FIRST_SLICE_SEC).then((slice) => {
          if (s.preparing !== prepared) return;
          prepared.first = slice;
          pump(s);
        });
      }
      if (s.preparing.first === undefined) return false;
      first = s.preparing.first;
    }
    const stream = s.preparing?.stream;
    s.preparing = null;
    s.decoded.delete(next.chunk);
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
    const scheduled = first && stream ? playStretched(s, first, stream, seg, decoded) : play(s, decoded.buffer, startSec + offset, seg, decoded);
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
    return true;
  }

  /** Starts a node playing `buffer` from `bufferOffset` for the segment, and follows it. */
  function play(s: Session, buffer: AudioBuffer, bufferOffset: number, seg: Scheduled['seg'], decoded: Decoded): Scheduled {
    const scheduled: Scheduled = { seg, sources: [], decoded, ended: false };
    addNode(s, scheduled, buffer, seg.when, bufferOffset, seg.end - seg.when);
    s.playing.push(scheduled);
    return scheduled;
  }

  /** Plays a segment of stretched audio from its first slice; the next slices follow as they are made. */
  function playStretched(s: Session, first: AudioBuffer, stream: StretchStream, seg: Scheduled['seg'], decoded: Decoded): Scheduled {
    const scheduled: Scheduled = { seg, sources: [], decoded, ended: false, stretching: { stream, until: seg.when, asking: false } };
    s.playing.push(scheduled);
    addSlice(s, scheduled, first);
    return scheduled;
  }

  /** A node for `buffer` in `scheduled`; its end event ends the chunk when it is the last one. */
  function addNode(s: Session, scheduled: Scheduled, buffer: AudioBuffer, when: number, bufferOffset: number, duration: number): void {
    const ctx = audio();
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(ctx.destination);
    source.onended = () => {
      if (source === scheduled.sources.at(-1) && !scheduled.stretching) scheduled.ended = true;
      pump(s);
    };
    source.start(when, bufferOffset, duration);
    scheduled.sources.push(source);
  }

  /** Schedules the next slice of a stretched segment right after the ones before it. */
  function addSlice(s: Session, scheduled: Scheduled, slice: AudioBuffer): void {
    const st = scheduled.stretching!;
    const ctx = audio();
    // Made too late (a very busy machine): it sounds as soon as it can, and the wait counts as a gap.
    const late = ctx.currentTime - st.until;
    if (late > 0 && scheduled.sources.length > 0) s.stats.gapsMs.push(Math.round(late * 1e6) / 1e3);
    const when = Math.max(st.until, ctx.currentTime);
    st.until = when + slice.duration;
    // The last slice (or the one where a later speed change cuts the segment) ends the stretch.
    if (st.until >= scheduled.seg.end - 1e-6) {
      st.stream.cancel();
      delete scheduled.stretching;
    }
    addNode(s, scheduled, slice, when, 0, Math.min(slice.duration, Math.max(0, scheduled.seg.end - when)));
  }

  /** Asks for the next slices of stretched segments whose scheduled audio ends within STRETCH_AHEAD_SEC. */
  function stretchAhead(s: Session, t: number): void {
    for (const scheduled of s.playing) {
      const st = scheduled.stretching;
      if (!st || st.asking || st.until - t > STRETCH_AHEAD_SEC) continue;
      st.asking = true;
      void nextSlice(s, st.stream, SLICE_SEC).then((slice) => {
        st.asking = false;
        if (!live(s) || scheduled.stretching !== st || !s.playing.includes(scheduled)) return;
        if (slice) addSlice(s, scheduled, slice);
        else delete scheduled.stretching;
        pump(s);
      });
    }
  }

  /** Starts a stretch (in the stretch worker) of a chunk's decoded audio, counted in stats. */
  function startStretch(s: Session, chunk: number, decoded: Decoded, fromSec: number, toSec: number, rate: number): StretchStream {
    const stream = stretch(decoded.buffer, fromSec, toSec, rate);
    const made = { chunk, rate, madeSec: 0, totalSec: Math.round((Math.max(0, toSec - fromSec) / rate) * 1000) / 1000 };
    s.stats.stretches.push(made);
    return {
      async next(sec) {
        const slice = await stream.next(sec);
        if (slice) made.madeSec = Math.round((made.madeSec + slice.duration) * 1000) / 1000;
        return slice;
      },
      cancel: () => stream.cancel(),
    };
  }

  /** The next slice of a stretch; null at its end, when cancelled, or when it failed (the audio stops there). */
  const nextSlice = (s: Session, stream: StretchStream, sec: number): Promise<AudioBuffer | null> =>
    stream.next(sec).then(
      (slice) => (live(s) ? slice : null),
      () => null,
    );

  function dropPreparing(s: Session): void {
    s.preparing?.stream.cancel();
    s.preparing = null;
  }

  function dropSwitching(s: Session): void {
    s.switching?.stream.cancel();
    s.switching = null;
  }

  /** Stops a scheduled chunk's nodes (at `when`, now by default) and, when stopped now, its stretch. */
  function stopNodes(scheduled: Scheduled, when?: number): void {
    for (const source of scheduled.sources) {
      if (when === undefined) source.onended = null;
      source.stop(when);
    }
    if (when === undefined) {
      scheduled.stretching?.stream.cancel();
      delete scheduled.stretching;
    }
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
    // A change still being made (its first slice) is dropped: only the latest speed is stretched.
    dropSwitching(s);
    dropPreparing(s);
    const [head, ...later] = s.playing;
    if (!head) return pump(s);
    // What is scheduled after the head (the next chunk, or the rest of the head's chunk after an
    // earlier change) has not started: taken back, it is scheduled again at the new rate.
    for (const p of later) {
      stopNodes(p);
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

  /**
   * Cuts the head at the first sentence start of `cut` far enough ahead for the stretched rest's
   * first slice to be made (in the stretch worker) before it; the rest follows from there. Should
   * the slice come too late for that start, the next one is tried.
   */
  function switchAt(s: Session, head: Scheduled, cut: SpeedCut, rate: number): void {
    const ctx = audio();
    const { startSec, durationSec } = head.decoded.span;
    const lead = SWITCH_LEAD_SEC + 2 * (ctx.baseLatency ?? 0);
    const at = cut.starts.find((c) => c.when >= ctx.currentTime + lead + STRETCH_WAIT_SEC);
    if (!at) return;
    const stream = startStretch(s, head.seg.chunk, head.decoded, startSec + at.sec, startSec + durationSec, rate);
    const switching = (s.switching = { stream });
    void nextSlice(s, stream, FIRST_SLICE_SEC).then((first) => {
      if (s.switching !== switching) return;
      s.switching = null;
      if (!first || s.playing[0] !== head || head.cut) {
        stream.cancel();
        return pump(s);
      }
      if (at.when < ctx.currentTime + lead) {
        stream.cancel();
        const later = cut.starts.filter((c) => c.when > at.when);
        if (later.length > 0) switchAt(s, head, { fromSec: later[0]!.sec, starts: later }, rate);
        return pump(s);
      }
      stopNodes(head, at.when);
      head.seg = segment(head.seg.chunk, head.seg.when, head.seg.offset, head.seg.duration, head.seg.rate, at.sec);
      head.cut = true;
      const seg = segment(head.seg.chunk, at.when, at.sec, durationSec, rate);
      playStretched(s, first, stream, seg, head.decoded);
      s.lastEnd = seg.end;
      pump(s);
    });
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
    // Paused: nothing more is bought until Resume (the user may stop there).
    if (s.paused) return;
    const { chunk, inChunkSec } = positionOf(s, t);
    const { starts } = timelineOf(s);
    // Until the awaited chunk has answered, ask for nothing else: requests in flight together
    // share the service's (and the network's) capacity, and the listener is waiting for this one.
    if (s.fetcher.state(chunk).status !== 'ready') {
      s.fetcher.request(chunk, fetchPriority(chunk, chunk));
      return;
    }
    for (const i of fetchWindow(starts, chunk, starts[chunk]! + inChunkSec, s.plan.fetchAhead)) {
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
    for (const scheduled of s.playing) {
      const { seg, decoded } = scheduled;
      s.playedBefore += playedSec(seg, t);
      stopNodes(scheduled);
      if (seg.chunk === keepChunk) s.decoded.set(keepChunk, decoded);
    }
    s.playing = [];
    s.lastEnd = null;
    dropSwitching(s);
    dropPreparing(s);
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
    s.fetcher.release(staleFetches(s.fetcher.inFlight(), starts, chunk, starts[chunk]! + inChunkSec, cancelWindowOf(s)));
    pump(s);
  }

  /** After a jump, requests in flight are kept within twice the plan's fetch horizon (fetch-plan's own margin by default). */
  function cancelWindowOf(s: Session): { minAhead?: number; cancelHorizonSec?: number } {
    const ahead = s.plan.fetchAhead;
    return ahead ? { minAhead: ahead.minAhead, cancelHorizonSec: 2 * ahead.horizonSec } : {};
  }

  function setPaused(s: Session, paused: boolean): void {
    if (s.paused === paused) return;
    s.paused = paused;
    void (paused ? audio().suspend() : audio().resume()).catch(() => undefined);
    // What waits to be sent is withdrawn; what is with the service already finishes into the cache,
    // where Resume finds it (asked again, joined or free). Without this, on a busy machine the
    // requests ahead queued at the pause went out during it.
    if (paused) s.fetcher.release(s.fetcher.inFlight());
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
    prepare() {
      const ctx = audio();
      if (!decoderWarm) {
        decoderWarm = true;
        void ctx.decodeAudioData(silentWav().buffer).catch(() => undefined);
      }
      if (current && !current.done) return;
      void ctx.resume().catch(() => undefined);
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => {
        idle = null;
        if (!current || current.done) void audio().suspend().catch(() => undefined);
      }, PREPARED_IDLE_MS);
    },
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
        preparing: null,
        switching: null,
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
        stats: { sessionId: plan.sessionId, firstAudioAt: null, startedAt: now(), gapsMs: [], chunksPlayed: 0, stretches: [], schedule: [] },
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
    stats: () => (current ? { ...current.stats, gapsMs: [...current.stats.gapsMs], stretches: current.stats.stretches.map((x) => ({ ...x })), schedule: current.stats.schedule.map((e) => ({ ...e })) } : null),
  };
}

/**
 * A few milliseconds of silence as a WAV file (16-bit mono): decoded once while a reading's first
 * audio is on its way, so the browser's decoder has run before that audio comes.
 */
function silentWav(sampleRate = 22_050, frames = 220): Uint8Array<ArrayBuffer> {
  return pcm16Wav(new Int16Array(frames), sampleRate);
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
