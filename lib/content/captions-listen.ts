import type { Cue } from '../captions/cue';
import { follow, START, type Step, type VideoEvent } from '../captions/due';
import { fitSpeech, slotEnd } from '../captions/slot';
import { speechToFetch, SPEAK_AHEAD_SEC } from '../captions/speak-ahead';
import { unwrap } from '../messaging/result';
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
}

/** Starts hearing the captions; everything ends (sound stopped, the video's volume back) when `signal` aborts. */
export function listenToCaptions(opts: ListenOptions): CaptionsListener {
  const { video, cues, audio, signal } = opts;
  const speech = new Map<string, Promise<AudioBuffer | null>>();
  const ready = new Map<string, AudioBuffer>();
  const playing = new Set<AudioBufferSourceNode>();
  let state = START;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Bumped by a seek or stop: speech arriving for an earlier moment is not played late.
  let generation = 0;
  let volumeBefore: number | null = null;

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
        if ((error as { kind?: string }).kind !== 'cancelled' && !signal.aborted) opts.onError(error);
        return null;
      });
      speech.set(text, got);
    }
    return got;
  };

  // Started on a paused video: what is about to be heard is fetched before Play, once.
  let primed = video.paused;
  const prefetch = () => {
    if (signal.aborted || (video.paused && !primed)) return;
    for (const { text } of speechToFetch(cues, video.currentTime, opts.translationOf, new Set(speech.keys()), AHEAD)) void fetchSpeech(text);
  };

  const play = (cue: Cue, text: string, buffer: AudioBuffer, late: boolean) => {
    const slotSec = slotEnd(cues, cue) - video.currentTime;
    if (slotSec <= 0 || video.paused) return;
    const speechSec = spokenEnd(buffer);
    const plan = fitSpeech({ slotSec, speechSec, playbackRate: video.playbackRate, overflow: 'cut', text, language: opts.target });
    const source = audio.createBufferSource();
    source.buffer = buffer;
    source.playbackRate.value = plan.rate;
    source.connect(audio.destination);
    source.addEventListener('ended', () => {
      playing.delete(source);
      if (playing.size === 0) unduck();
    }, { once: true });
    playing.add(source);
    duck();
    // Past 1.3× the overflow is cut at the end of the last word that fits (buffer seconds).
    source.start(0, 0, plan.kind === 'cut' ? plan.stopAtSec * plan.rate : speechSec);
    if (__VOXLATE_TEST_HOOKS__) {
      const detail = JSON.stringify({ cueId: cue.id, cueStart: cue.start, videoTime: video.currentTime, late, plan: plan.kind, rate: plan.rate, volume: video.volume, slotEnd: slotEnd(cues, cue) });
      window.dispatchEvent(new CustomEvent(SPOKEN_EVENT, { detail }));
    }
  };

  // Captions due before their translation came: said when it comes, if still on (late, cut to what is left).
  let untranslated: { cue: Cue; at: number }[] = [];
  const speak = (cue: Cue, late = false) => {
    const text = opts.translationOf(cue.id);
    if (text === null) return void untranslated.push({ cue, at: generation });
    const buffer = ready.get(text);
    if (buffer) return play(cue, text, buffer, late);
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
    else if (step.speech === 'pause') void audio.suspend();
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
  video.addEventListener('play', () => on({ type: 'play', ...time() }), { signal });
  video.addEventListener('pause', () => on({ type: 'pause', ...time() }), { signal });
  video.addEventListener('seeked', () => on({ type: 'seeked', ...time() }), { signal });
  video.addEventListener('ratechange', () => on({ type: 'rate', rate: video.playbackRate, ...time() }), { signal });
  video.addEventListener('ended', () => on({ type: 'ended' }), { signal });
  signal.addEventListener('abort', () => {
    clearTimeout(timer);
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
      prefetch();
    },
  };
}
