import type { Cue } from '../captions/cue';
import { cutCounter } from '../captions/fit-report';
import { follow, START, type Step, type VideoEvent } from '../captions/due';
import { fitSpeech, slotEnd, type Overflow } from '../captions/slot';
import { speechToFetch, SPEAK_AHEAD_SEC } from '../captions/speak-ahead';
import { errorKind, unwrap } from '../messaging/result';
import { sendMessage } from '../messaging/send';
import { fromBase64 } from '../storage/base64';

/*
 * "Listen in <language>" on the page: each translated caption spoken when its caption starts,
 * scheduled against the video's own clock (video.currentTime, through captions/due.ts), not the
 * wall clock, so pause, seek, playback rate and the end are followed at once.
 *
 * Played here, in the content script, with Web Audio: only the page knows where its video stands,
 * and a player elsewhere (the offscreen document, Firefox's background page) would learn of every
 * pause and seek a message late. The audio's bytes come from the worker (the key stays there);
 * Web Audio plays decoded bytes whatever the page's media policy (a blob: or data: URL in an
 * <audio> element would meet the page's CSP).
 */

/** The video's own sound while ours speaks: a quarter of what it was. */
const DUCKED = 0.25;
/** Fetched ahead: less in the test build, so the short fixture shows that nothing past the playhead's reach is paid for. */
const AHEAD = __VOXLATE_TEST_HOOKS__ ? { aheadSec: 2.5 } : { aheadSec: SPEAK_AHEAD_SEC };
/** Quieter than this (linear amplitude) is silence: what a voice leaves after its last word is not timed as speech. */
const SILENT = 0.002;
/** The test build tells the page (a test, the benchmark) each time speech starts: a string crosses worlds in both browsers. */
export const SPOKEN_EVENT = 'voxlate:caption-spoken';
/** The test build tells the page each time we hold the video and let it go (`{ cueId, state: 'held' | 'resumed' | 'gaveUp' | 'yielded', why }`). */
export const HOLD_EVENT = 'voxlate:caption-hold';
/** The longest the video is held for a caption's speech not ready yet: past it, the video goes on as it would have (the speech said late, if it comes in its slot). */
export const HOLD_MAX_MS = 5000;

export interface ListenOptions {
  video: HTMLVideoElement;
  /** In order of start. */
  cues: readonly Cue[];
  target: string;
  translationOf: (id: string) => string | null;
  /** Made in the user's click (a context made later may be refused sound by the autoplay policy). */
  audio: AudioContext;
  signal: AbortSignal;
  /** A failure that ends listening (over the figure, the service refusing). */
  onError: (error: unknown) => void;
  /** Speech longer than its slot even at 1.3×: the video paused until it ends, or the rest cut (the user's option, read each time). */
  overflow?: () => Overflow;
  /** While we hold the video for speech not ready: true (say "Preparing the speech…"), then false. */
  onPreparing?: (preparing: boolean) => void;
  /** A caption's speech cut at a word to keep up (the option off): how many captions' speech was cut so far, each counted once. */
  onCut?: (count: number) => void;
}

/** Where the speech in `buffer` ends (seconds), its trailing silence left out. */
export function spokenEnd(buffer: AudioBuffer): number {
  let last = 0;
  for (let c = 0; c < buffer.numberOfChannels; c++) {
    const samples = buffer.getChannelData(c);
    for (let i = samples.length - 1; i > last; i--) {
      if (Math.abs(samples[i]!) > SILENT) {
        last = i;
        break;
      }
    }
  }
  return last > 0 ? Math.min(buffer.duration, (last + 1) / buffer.sampleRate) : buffer.duration;
}

export interface CaptionsListener {
  /** New translations are known: their speech may be fetched. */
  translated(): void;
  /** Whether the video is paused by us (held for speech), not by the user: what is queued is not withdrawn then. */
  holding(): boolean;
}

/** Starts hearing the captions; everything ends (sound stopped, the video's volume back) when `signal` aborts. */
export function listenToCaptions(opts: ListenOptions): CaptionsListener {
  const { video, cues, audio, signal } = opts;
  const speech = new Map<string, Promise<AudioBuffer | null>>();
  const ready = new Map<string, AudioBuffer>();
  const playing = new Set<AudioBufferSourceNode>();
  const cuts = cutCounter();
  let state = START;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Bumped by a seek or stop: speech arriving for an earlier moment is not played late.
  let generation = 0;
  let volumeBefore: number | null = null;
  /**
   * The video paused by us: for a caption's speech not ready ('speech'), or for speech running past
   * its slot ('overflow'). Only a hold of ours is let go by us: the user's play or pause during it
   * wins (the hold is dropped, the video left as they made it). `then`: a caption that started as
   * the video stopped for speech running long, said when it goes on.
   */
  let hold: { why: 'speech' | 'overflow'; cue: Cue; giveUp: ReturnType<typeof setTimeout> | undefined; then?: Cue } | null = null;
  /** Speech running past its slot with the option on, and how long the video may wait for it. */
  let overrun: { source: AudioBufferSourceNode; cue: Cue; maxMs: number } | null = null;
  // The pause event our own video.pause() fires (a task later): not the user's.
  let ourPause = false;
  let ourPlay = false;
  const tell = (cue: Cue, state: 'held' | 'resumed' | 'gaveUp' | 'yielded', why: string) => {
    if (__VOXLATE_TEST_HOOKS__) window.dispatchEvent(new CustomEvent(HOLD_EVENT, { detail: JSON.stringify({ cueId: cue.id, state, why, videoTime: video.currentTime }) }));
  };
  const holdVideo = (why: 'speech' | 'overflow', cue: Cue, maxMs = HOLD_MAX_MS) => {
    // An ended video is not held: playing it again would start it over.
    if (hold || video.paused || video.ended || signal.aborted) return false;
    hold = { why, cue, giveUp: undefined };
    ourPause = true;
    video.pause();
    if (why === 'speech') opts.onPreparing?.(true);
    // Never held for good: speech that never ends (its audio output stalled) lets the video go on too.
    hold.giveUp = setTimeout(() => letGo('gaveUp'), maxMs);
    tell(cue, 'held', why);
    return true;
  };
  /** Ends our hold: 'resumed' (ready) and 'gaveUp' play the video on; 'yielded' (the user acted, a seek, stop) leaves it be. */
  const letGo = (how: 'resumed' | 'gaveUp' | 'yielded', sayLate = true) => {
    const was = hold;
    if (!was) return null;
    hold = null;
    clearTimeout(was.giveUp);
    if (was.why === 'speech') opts.onPreparing?.(false);
    if (how !== 'yielded' && video.paused && !video.ended && !signal.aborted) {
      ourPlay = true;
      void audio.resume();
      void video.play().catch(() => (ourPlay = false));
    }
    tell(was.cue, how, was.why);
    // Gone on without it: said late if it comes within its slot, as without the hold (an overflow's speech is playing already).
    if (how === 'gaveUp' && sayLate && was.why === 'speech') speak(was.cue, true, false);
    // The caption that waited for speech running long starts now, with the video (not after a seek).
    if (how !== 'yielded' && sayLate && was.then) speak(was.then);
    return was;
  };
  /** The caption held for: let go once its speech is decoded, and said at once (the video stands at its start). */
  const whenReady = () => {
    if (!hold || hold.why !== 'speech') return;
    const { cue } = hold;
    const text = opts.translationOf(cue.id);
    if (text === null) return;
    const buffer = ready.get(text);
    if (!buffer) {
      // A fetch withdrawn or failed leaves the hold to its time limit (a failure ends listening anyway).
      void fetchSpeech(text).then((got) => got && whenReady());
      return;
    }
    if (hold?.cue !== cue) return;
    letGo('resumed');
    play(cue, text, buffer, false, true);
  };

  const duck = () => {
    if (volumeBefore !== null) return;
    volumeBefore = video.volume;
    video.volume = volumeBefore * DUCKED;
  };
  const unduck = () => {
    if (volumeBefore === null) return;
    video.volume = volumeBefore;
    volumeBefore = null;
  };
  const stopAll = () => {
    generation++;
    for (const source of playing) source.stop();
    playing.clear();
    unduck();
  };

  const fetchSpeech = (text: string): Promise<AudioBuffer | null> => {
    let got = speech.get(text);
    if (!got) {
      got = (async () => {
        const answer = unwrap(await sendMessage('captionsSpeak', { target: opts.target, text }));
        const bytes = fromBase64(answer.audio);
        const buffer = await audio.decodeAudioData(bytes.buffer as ArrayBuffer);
        ready.set(text, buffer);
        return buffer;
      })().catch((error: unknown) => {
        // Withdrawn by a pause: asked for again when the video plays on.
        speech.delete(text);
        if (errorKind(error) !== 'cancelled' && !signal.aborted) opts.onError(error);
        return null;
      });
      speech.set(text, got);
    }
    return got;
  };

  // Started on a paused video: what is about to be heard is fetched before Play, once.
  let primed = video.paused;
  const prefetch = () => {
    if (signal.aborted || (video.paused && !primed && !hold)) return;
    for (const { text } of speechToFetch(cues, video.currentTime, opts.translationOf, new Set(speech.keys()), AHEAD)) void fetchSpeech(text);
  };

  const play = (cue: Cue, text: string, buffer: AudioBuffer, late: boolean, held = false) => {
    const slotSec = slotEnd(cues, cue) - video.currentTime;
    if (slotSec <= 0 || video.paused) return;
    const speechSec = spokenEnd(buffer);
    const plan = fitSpeech({ slotSec, speechSec, playbackRate: video.playbackRate, overflow: opts.overflow?.() ?? 'cut', text, language: opts.target });
    const source = audio.createBufferSource();
    source.buffer = buffer;
    source.playbackRate.value = plan.rate;
    source.connect(audio.destination);
    let overflowAt: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener('ended', () => {
      playing.delete(source);
      if (overrun?.source === source) overrun = null;
      clearTimeout(overflowAt);
      if (playing.size === 0) unduck();
      // The video waited for this speech: it goes on now.
      if (hold?.why === 'overflow' && hold.cue === cue) letGo('resumed');
    }, { once: true });
    playing.add(source);
    duck();
    // Past 1.3× the overflow is cut at the end of the last word that fits (buffer seconds).
    source.start(0, 0, plan.kind === 'cut' ? plan.stopAtSec * plan.rate : speechSec);
    const cutSoFar = cuts.played(cue.id, plan);
    if (cutSoFar !== null) opts.onCut?.(cutSoFar);
    // The option on, past 1.3×: the video waits at its slot's end (wall-clock, at the audio's pace) until this speech ends.
    if (plan.kind === 'pause') {
      // At most as long as the rest of this speech, and HOLD_MAX_MS more.
      overrun = { source, cue, maxMs: plan.pauseSec * 1000 + HOLD_MAX_MS };
      overflowAt = setTimeout(() => {
        if (playing.has(source)) holdVideo('overflow', cue, plan.pauseSec * 1000 + HOLD_MAX_MS);
      }, plan.pauseAtSec * 1000);
    }
    if (__VOXLATE_TEST_HOOKS__) {
      const detail = JSON.stringify({ cueId: cue.id, cueStart: cue.start, videoTime: video.currentTime, late, held, plan: plan.kind, rate: plan.rate, volume: video.volume, slotEnd: slotEnd(cues, cue) });
      window.dispatchEvent(new CustomEvent(SPOKEN_EVENT, { detail }));
    }
  };

  // Captions due before their translation came: said when it comes, if still on (late, cut to what is left).
  let untranslated: { cue: Cue; at: number }[] = [];
  const speak = (cue: Cue, late = false, mayHold = true) => {
    // The slot of speech running long ends where this caption starts: whichever of the two comes
    // first (the wall-clock timer or the video's), the video waits for that speech, and this caption
    // after it (never over it, nor dropped for a video we paused a moment before).
    if (!late && overrun && overrun.cue !== cue && playing.has(overrun.source)) {
      if (hold?.why !== 'overflow') holdVideo('overflow', overrun.cue, overrun.maxMs);
      if (hold?.why === 'overflow') return void (hold.then = cue);
    }
    const text = opts.translationOf(cue.id);
    const buffer = text === null ? undefined : ready.get(text);
    if (buffer) return play(cue, text!, buffer, late);
    // Not ready as its caption starts: the video waits for it (at most HOLD_MAX_MS), so it is said in sync.
    if (mayHold && !late && holdVideo('speech', cue)) return whenReady();
    if (text === null) return void untranslated.push({ cue, at: generation });
    // Not there yet: said when it comes if its caption is still on and the video did not jump.
    const at = generation;
    void fetchSpeech(text).then((got) => {
      if (got && at === generation && !signal.aborted) play(cue, text, got, true);
    });
  };

  const apply = (step: Step) => {
    state = step.state;
    if (!step.state.paused) primed = false;
    if (step.speech === 'stop') stopAll();
    // Our own pause for speech running long: that speech goes on meanwhile.
    else if (step.speech === 'pause' && hold?.why !== 'overflow') void audio.suspend();
    else if (step.speech === 'resume') void audio.resume();
    for (const due of step.speak) speak(due.cue);
    clearTimeout(timer);
    // Woken when the next caption starts, by the video's clock at its rate; timeupdate corrects.
    if (step.nextInSec !== null) timer = setTimeout(() => on({ type: 'time', time: video.currentTime }), step.nextInSec * 1000);
    prefetch();
  };
  const on = (event: VideoEvent) => {
    if (!signal.aborted) apply(follow(state, event, cues));
  };

  const time = () => ({ time: video.currentTime });
  video.addEventListener('timeupdate', () => on({ type: 'time', ...time() }), { signal });
  video.addEventListener('play', () => {
    // The user played the video we hold: theirs wins (the speech said late when it comes, as without the hold).
    if (ourPlay) ourPlay = false;
    else if (hold) {
      const was = letGo('yielded');
      if (was?.why === 'speech') speak(was.cue, true, false);
      else if (was?.then) speak(was.then, true, false);
    }
    on({ type: 'play', ...time() });
  }, { signal });
  video.addEventListener('pause', () => {
    if (ourPause) ourPause = false;
    else if (hold) letGo('yielded');
    on({ type: 'pause', ...time() });
  }, { signal });
  video.addEventListener('seeked', () => {
    // A seek during our hold: the held caption is left behind; the video plays on from where it landed.
    if (hold) letGo('gaveUp', false);
    on({ type: 'seeked', ...time() });
  }, { signal });
  video.addEventListener('ratechange', () => on({ type: 'rate', rate: video.playbackRate, ...time() }), { signal });
  video.addEventListener('ended', () => on({ type: 'ended' }), { signal });
  signal.addEventListener('abort', () => {
    clearTimeout(timer);
    letGo('yielded');
    stopAll();
    void audio.close().catch(() => undefined);
  }, { once: true });
  if (!video.paused) on({ type: 'play', ...time() });
  else prefetch();
  return {
    translated: () => {
      const waiting = untranslated;
      untranslated = [];
      for (const { cue, at } of waiting) if (at === generation && !video.paused && video.currentTime < slotEnd(cues, cue)) speak(cue, true);
      whenReady();
      prefetch();
    },
    holding: () => hold !== null,
  };
}
