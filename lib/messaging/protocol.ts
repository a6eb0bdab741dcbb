import * as z from 'zod/mini';
import { int, languageCode, matching, num, text } from '../schema-fields';
import type { Voice } from '../api/schemas';
import type { SerializedServiceError } from '../api/errors';
import type { PlayerStats } from '../player/types';
import type { CostToConfirm, TranslationResult } from '../translate/translate';
import { PLAYER_CORNERS } from '../settings/player-corner';
import { LISTEN_MODES } from '../settings/listen-mode';
import type { PageBlocksAnswer, PageEstimate } from '../translate/page-types';
import type { CaptionsAnswer, CaptionsEstimate, CaptionsSpeech, CaptionsTrackEstimate } from '../captions/protocol-types';
import type { SavedTrack, TrackFile } from '../captions/track-file';
import {
  chunkSpeedSchema,
  playerActionSchema,
  playerEventSchema,
  spokenWordSchema,
  playerStatusSchema,
  readingPlanSchema,
  speechParamsSchema,
  type ChunkSpeed,
  type PlayerAction,
  type PlayerEvent,
  type ReadingPlan,
} from '../player/contract';
import type { Result } from './result';
import { READER_PATH, type SenderKind } from './sender';
import type { AccountView } from '../settings/cache-items';
import { MAX_MARK_LABEL, MAX_TEXT_MARKS, type TextMark } from '../text-marks';
import { MAX_RENDERING, MAX_TERM } from '../glossary/entry';
import { pageTranslationNoteRule } from './page-translation-note';

export type { AccountView };

export interface ServiceStatus {
  serviceUrl: string;
  hasKey: boolean;
  /** Last known account, shown at once while a fresh one is fetched. */
  account: AccountView | null;
}

export interface VoicesView {
  voices: Voice[];
  fetchedAt: number;
}

/** A reading as the popup shows it. */
export interface ReadingState extends PlayerEvent {
  title: string;
  sentenceCount: number;
  /** The reading's speed now (a change applies from the next sentence). */
  speed: number;
}

/** A page the user stopped reading, as the popup offers to continue it. */
export interface ResumeOffer {
  title: string;
  /** 0-based. */
  sentence: number;
  sentenceCount: number;
}

/** Text found on the page by the content script. */
export interface PageText {
  kind: 'selection' | 'field' | 'article';
  text: string;
  title: string;
  languageHint: string | null;
  /** Read "from here": where in `text` the reading starts. */
  startOffset?: number;
  /** Code, table cells and parts in another language in `text`, for how it is read (checked by `pageMarks`). */
  marks?: readonly TextMark[];
}

const textMarkSchema = z.union([
  z.strictObject({
    from: int(0),
    to: int(0),
    kind: z.enum(['code', 'codeBlock', 'cell']),
    label: z.optional(text(1, MAX_MARK_LABEL)),
  }),
  // A part declared in another language: its base code.
  z.strictObject({ from: int(0), to: int(0), kind: z.literal('lang'), label: matching(/^[a-z]{2,3}$/) }),
]);

/**
 * The marks a page sent with its text, if they are well formed and lie inside it (else none: a
 * reading without them reads code and cells as written, which loses nothing).
 */
export function pageMarks(marks: unknown, textLength: number): TextMark[] | undefined {
  const parsed = z.array(textMarkSchema).check(z.maxLength(MAX_TEXT_MARKS)).safeParse(marks);
  if (!parsed.success) return undefined;
  const inside = parsed.data.filter((m) => m.from < m.to && m.to <= textLength);
  return inside.length ? inside.sort((a, b) => a.from - b.from) : undefined;
}

/** Timing figures of the current reading, for benchmarks and tests. */
export type { PlayerStats };

const refreshInput = z.optional(z.strictObject({ refresh: z.optional(z.boolean()) }));
/** Text the user asked to hear: the service takes 5,000 characters a request; we split longer text. */
export const MAX_READ_CHARS = 1_000_000;
const targetCode = matching(/^[a-z]{2,3}$/);
/** What the browser saw selected at a context-menu click (its `selectionText`), checked against the page's selection. */
const reportedSelection = text(0, MAX_READ_CHARS);
const requestId = text(1, 100);
/** What the glossary form on a page opens with: the term, the language it is translated into, what it was translated as. */
const glossaryFormInput = z.strictObject({
  term: text(1, MAX_TERM),
  target: targetCode,
  translation: z.optional(text(1, MAX_RENDERING)),
});
/** A paragraph of a page to translate: its text and declared language (null: detected by the service). */
const pageBlocks = (max: number) =>
  z.array(z.strictObject({ text: text(1, 100_000), source: z.nullable(targetCode) })).check(z.minLength(1), z.maxLength(max));
const readTextInput = z.strictObject({
  text: text(0, MAX_READ_CHARS),
  title: z.optional(text(0, 500)),
  language: z.optional(languageCode),
  voiceId: z.optional(text(1, 200)),
  speed: z.optional(num(0.5, 2)),
  format: z.optional(z.enum(['mp3', 'wav'])),
});

/** The address of our reader page (it names itself: the browser does not tell us without the "tabs" permission). */
const readerPageUrl = z.string().check(
  z.maxLength(8192),
  z.refine((url) => {
    try {
      return new URL(url).pathname === READER_PATH && /^(chrome|moz)-extension:$/.test(new URL(url).protocol);
    } catch {
      return false;
    }
  }),
);

/**
 * Zod schema of every message's data, and which senders may send it. Whichever context handles a
 * message checks both before acting (lib/messaging/router.ts); a message not listed here has no handler.
 */
export const messageRules = {
  getServiceStatus: { input: z.undefined(), from: ['extension'] },
  saveService: {
    input: z.strictObject({
      serviceUrl: text(0, 2048),
      /** A new key; absent keeps the saved one. */
      apiKey: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(1024))),
    }),
    from: ['extension'],
  },
  clearApiKey: { input: z.undefined(), from: ['extension'] },
  getAccount: { input: refreshInput, from: ['extension'] },
  getVoices: { input: refreshInput, from: ['extension'] },
  openOptions: { input: z.undefined(), from: ['extension', 'content'] },
  /** Opens the service's dashboard (where credits are topped up) in a new tab; the options when no service is set. */
  openDashboard: { input: z.undefined(), from: ['extension', 'content'] },

  // Reading aloud, asked for by the popup.
  readText: { input: readTextInput, from: ['extension'] },
  downloadText: { input: readTextInput, from: ['extension'] },
  /** The popup's "Listen in <language>": the text translated into `target` and read aloud, one figure for both. */
  listenText: { input: z.strictObject({ text: text(1, 100_000), target: targetCode }), from: ['extension'] },
  /** Stops the download job with this id (its progress is in session storage, `session:download`). */
  cancelDownload: { input: z.strictObject({ id: text(1, 100) }), from: ['extension'] },
  /** Finishes a failed download job, asking only for the parts not yet received. */
  retryDownload: { input: z.strictObject({ id: text(1, 100) }), from: ['extension'] },
  /** From a page: only its tab's reading (the in-page player's buttons). */
  readingControl: { input: z.strictObject({ action: playerActionSchema }), from: ['extension', 'content'] },
  readingSetSpeed: { input: z.strictObject({ speed: num(0.5, 2) }), from: ['extension', 'content'] },
  /**
   * Hear a reading in another language another way from now on (the in-page player's "Hear"): kept
   * for next time, and the reading under way goes on that way from its sentence; only its tab's.
   */
  readingListenMode: { input: z.strictObject({ mode: z.enum(LISTEN_MODES) }), from: ['extension', 'content'] },
  /** Goes on reading from this sentence at once (the page's "Read from here"); only its tab's reading. */
  readingJump: { input: z.strictObject({ sentence: int(0) }), from: ['extension', 'content'] },
  /** Where the user put the in-page player (remembered for the next reading). */
  savePlayerCorner: { input: z.strictObject({ corner: z.enum(PLAYER_CORNERS) }), from: ['content'] },
  /** The user moved the page translation's control to another corner: kept for the next page. */
  savePageTranslateCorner: { input: z.strictObject({ corner: z.enum(PLAYER_CORNERS) }), from: ['content'] },
  /**
   * The PDF reader has just loaded: it claims the action it was opened for (an id, or null when it
   * was opened for none), which then lives and dies with this page.
   */
  readerOpened: { input: z.strictObject({ url: readerPageUrl }), from: ['reader'] },
  /** The PDF reader has its document on screen (and whether it has any text): the action it claimed goes on. */
  readerReady: { input: z.strictObject({ hasText: z.boolean(), url: readerPageUrl, claim: z.nullable(z.string().check(z.maxLength(64))) }), from: ['reader'] },
  /** The reader's own Read aloud button: its document, as the page's menu entry reads a page. */
  readerRead: { input: z.undefined(), from: ['reader'] },
  /** The reader's Download audio: the text of the pages the user chose, saved as one file through the spend gate. */
  readerDownload: {
    input: z.strictObject({ text: text(1, MAX_READ_CHARS), title: text(0, 500), languageHint: z.nullable(targetCode) }),
    from: ['reader'],
  },
  getReadingState: { input: z.undefined(), from: ['extension'] },
  getPlayerStats: { input: z.undefined(), from: ['extension'] },
  /** Where the user stopped reading the page in the active tab, to offer to continue there. */
  getResumeOffer: { input: z.undefined(), from: ['extension'] },
  /** Reads the page in the active tab from where the user stopped. */
  resumePage: { input: z.undefined(), from: ['extension'] },

  // Translation, asked for by the bubble on a page or by the popup.
  translate: {
    input: z.strictObject({
      text: text(0, MAX_READ_CHARS),
      target: targetCode,
      source: z.optional(z.nullable(targetCode)),
      /** The asker's name for this request, to withdraw it with cancelTranslation. */
      requestId: z.optional(requestId),
      /** The question's token, once the user agreed to the cost it showed (the answer was `status: 'confirm'`). */
      agreed: z.optional(text(1, 100)),
      /** What the user wrote, into the language they write to: not their reading language's new choice. */
      written: z.optional(z.boolean()),
      /** A sample tried out (the welcome page's): its language is not the user's new choice either. */
      sample: z.optional(z.literal(true)),
    }),
    from: ['extension', 'content'],
  },
  /** Withdraws a translation the asker no longer wants; only what was not sent yet is dropped. */
  cancelTranslation: { input: z.strictObject({ requestId }), from: ['extension', 'content'] },
  /** The language the user chose in the bubble for what they write, kept for the page's site. */
  rememberWriteTo: { input: z.strictObject({ target: targetCode }), from: ['content'] },
  /** The user typed the typed trigger (three spaces) at the end of what they wrote in this frame: translate it, as the shortcut would. */
  typedTrigger: { input: z.undefined(), from: ['content'] },
  /** Reads a translation aloud (the bubble's Listen button). */
  speakText: {
    input: z.strictObject({ text: text(0, MAX_READ_CHARS), language: z.optional(languageCode) }),
    from: ['content'],
  },
  getTargetLanguage: { input: z.undefined(), from: ['extension'] },
  /** Translates the active tab's page (the popup's button); the page shows the cost first. */
  translatePage: { input: z.undefined(), from: ['extension'] },
  /** Whether the active tab's page has a video (the popup, once opened over it: activeTab). */
  activeTabHasVideo: { input: z.undefined(), from: ['extension'] },
  /** The popup's "Translate captions": the active tab's largest captioned video; the page shows the figure first. */
  translateTabCaptions: { input: z.undefined(), from: ['extension'] },
  /** What translating a page would cost: every block, and those on screen (indices); `first`: the first message's blocks, sent at once when agreed to without asking. */
  estimatePageTranslation: {
    input: z.strictObject({ target: targetCode, blocks: pageBlocks(10_000), screen: z.array(int(0)).check(z.maxLength(10_000)), first: z.optional(z.array(int(0)).check(z.maxLength(1_000))) }),
    from: ['content'],
  },
  /** Translates blocks of the sender's page within what the user agreed to (the spend gate's grant for its tab). */
  translatePageBlocks: {
    input: z.strictObject({ target: targetCode, blocks: pageBlocks(1_000) }),
    from: ['content'],
  },
  /** The user agreed, on the sender's page, to the spend gate's offer with this id (the figure it was shown). */
  acceptSpendOffer: { input: z.strictObject({ offer: text(1, 100) }), from: ['content'] },
  /** The page translation's "Listen in <language>": its page's article heard in that language (only its own tab). */
  listenPage: { input: z.strictObject({ target: languageCode }), from: ['content'] },
  /** The page translation control's "Translate captions": its own tab's largest captioned video (top page). */
  translatePageCaptions: { input: z.undefined(), from: ['content'] },
  /** The page translation pauses (withdraw what is not sent yet) or ends (and forget what was agreed to). */
  pageTranslateStop: { input: z.strictObject({ end: z.boolean() }), from: ['content'] },
  /** A page's "Translate captions": the figure for its video's cues, and the offer agreeing to it accepts (its own tab only). */
  captionsEstimate: {
    input: z.strictObject({
      cues: z.array(z.strictObject({ id: text(1, 100), start: num(0, 1e7), end: num(0, 1e7), text: text(0, 10_000) })).check(z.minLength(1), z.maxLength(20_000)),
      duration: z.nullable(num(0, 1e7)),
    }),
    from: ['content'],
  },
  /** The next batch of whole cues ahead of the page's playhead, within what the user agreed to. */
  captionsTranslate: { input: z.strictObject({ target: targetCode, texts: z.array(text(1, 10_000)).check(z.minLength(1), z.maxLength(500)) }), from: ['content'] },
  /** The captions pause (withdraw what is not sent) or stop (and forget what was agreed to). */
  captionsStop: { input: z.strictObject({ end: z.boolean() }), from: ['content'] },
  /** "Listen in <language>" on the page's translated captions: the figure for hearing them, and its offer. */
  captionsListenEstimate: {
    input: z.strictObject({
      cues: z.array(z.strictObject({ id: text(1, 100), start: num(0, 1e7), end: num(0, 1e7), text: text(0, 10_000) })).check(z.minLength(1), z.maxLength(20_000)),
      duration: z.nullable(num(0, 1e7)),
    }),
    from: ['content'],
  },
  /** One translated caption's speech, within what the user agreed to on that page. */
  captionsSpeak: { input: z.strictObject({ target: targetCode, text: text(1, 5_000) }), from: ['content'] },
  /** Saves the page's bilingual captions, written there from what it translated (no charge). */
  captionsDownload: {
    input: z.strictObject({ format: z.enum(['srt', 'vtt']), text: text(1, 8_000_000), title: text(0, 1_000), target: targetCode }),
    from: ['content'],
  },
  /** "Download spoken track": the figure for the speech of the captions not heard yet (each with the page's translation, if any), and its offer. */
  captionsTrackEstimate: {
    input: z.strictObject({
      cues: z.array(z.strictObject({ id: text(1, 100), start: num(0, 1e7), end: num(0, 1e7), text: text(0, 10_000), translation: z.nullable(text(0, 20_000)) })).check(z.minLength(1), z.maxLength(20_000)),
    }),
    from: ['content'],
  },
  /** Places each translated caption's speech (bought already, through captionsSpeak) at its start, fitted to its slot (up to `endSec`), in one file `length` seconds long, and saves it: its name, and how many captions' speech was sped up or cut. */
  captionsTrackSave: {
    input: z.strictObject({
      target: targetCode,
      parts: z.array(z.strictObject({ text: text(1, 5_000), atSec: num(0, 1e7), endSec: num(0, 1e7) })).check(z.minLength(1), z.maxLength(20_000)),
      // Up to a day of video: the track is as long as its video.
      length: num(0, 86_400),
      title: text(0, 1_000),
    }),
    from: ['content'],
  },
  /** The active tab's selection, to prefill the popup (opening the popup grants activeTab). */
  getSelectionText: { input: z.undefined(), from: ['extension'] },

  // From the player (offscreen document) to the background.
  fetchChunk: {
    input: z.strictObject({
      sessionId: text(1, 100),
      chunkIndex: int(0),
      text: text(1, 5000),
      params: speechParamsSchema,
      priority: int(-1000, 1000),
      /** Heard as written even in a reading heard in another language (a plan chunk's `original`). */
      asWritten: z.optional(z.literal(true)),
    }),
    from: ['extension'],
  },
  cancelFetches: {
    input: z.strictObject({ sessionId: text(1, 100), chunks: z.optional(z.array(int(0)).check(z.maxLength(10_000))) }),
    from: ['extension'],
  },
  /** A private window's audio, which the worker keeps in memory only (Chrome's player has other memory). */
  audioInMemory: { input: z.strictObject({ cacheKey: text(1, 100) }), from: ['extension'] },
  playerEvent: { input: playerEventSchema, from: ['extension'] },

  // From the background to the player (handled in the offscreen document).
  playerStart: {
    input: z.strictObject({ plan: readingPlanSchema, startSentence: z.optional(int(0)) }),
    from: ['extension'],
  },
  playerControl: { input: z.strictObject({ action: playerActionSchema }), from: ['extension'] },
  playerState: { input: z.undefined(), from: ['extension'] },
  /** A reading is about to start (its first audio is on its way): see Player.prepare. */
  playerPrepare: { input: z.undefined(), from: ['extension'] },
  /** The reading's new speed, and chunks the background found cached at another speed. */
  playerSetSpeed: {
    input: z.strictObject({ speed: num(0.5, 2), cached: z.optional(z.array(chunkSpeedSchema).check(z.maxLength(10_000))) }),
    from: ['extension'],
  },
  playerStats: { input: z.undefined(), from: ['extension'] },
  /** A captions' spoken track to place there from the cache: each caption's speech by its key, at its start, fitted to its slot (see trackFileUrl). */
  placeTrack: {
    input: z.strictObject({
      parts: z.array(z.strictObject({ key: text(1, 100), text: text(1, 5_000), atSec: num(0, 1e7), endSec: num(0, 1e7) })).check(z.minLength(1), z.maxLength(20_000)),
      lengthSec: num(0, 86_400),
      language: targetCode,
    }),
    from: ['extension'],
  },
  /** A download's parts (cache keys, in order) to join into one file there: see joinedFileUrl. */
  joinDownload: {
    input: z.strictObject({ keys: z.array(text(1, 100)).check(z.minLength(1), z.maxLength(10_000)), format: z.enum(['mp3', 'wav']) }),
    from: ['extension'],
  },

  // From the background to the content script in a tab.
  /** Text to read: the frame keeps it (and its place on the page) to highlight what is read. */
  pageGetText: {
    input: z.strictObject({ mode: z.enum(['selection', 'page', 'auto', 'from-here']), selectionText: z.optional(reportedSelection) }),
    from: ['extension'],
  },
  /** Is the page script already running in this frame? */
  pagePing: { input: z.undefined(), from: ['extension'] },
  /** The selection's text only (to prefill the popup); changes nothing on the page. */
  pagePeekSelection: { input: z.undefined(), from: ['extension'] },
  pageHighlight: { input: z.strictObject({ start: int(0), end: int(0), words: z.optional(z.array(spokenWordSchema).check(z.maxLength(2000))) }), from: ['extension'] },
  pageClearHighlight: { input: z.undefined(), from: ['extension'] },
  /** Opens the translation bubble beside the frame's selection; answers false when none. */
  pageTranslate: {
    input: z.strictObject({
      target: targetCode,
      selectionText: z.optional(reportedSelection),
      writeTo: z.optional(z.nullable(targetCode)),
      written: z.optional(z.boolean()),
      /** A short text the user wrote goes in its place at once when its translation needs no question (the option). */
      replaceAtOnce: z.optional(z.boolean()),
      /** The id the worker already asked for what the user wrote under (translateAhead): the bubble's first request takes it, joining that one. */
      requestId: z.optional(requestId),
    }),
    from: ['extension'],
  },
  /** Starts translating the whole page into `target` (it shows the cost and waits for the user first). */
  pageTranslatePage: { input: z.strictObject({ target: targetCode, corner: z.optional(z.enum(PLAYER_CORNERS)) }), from: ['extension'] },
  pageNotice: {
    input: z.strictObject({
      message: text(1, 2000),
      tone: z.enum(['info', 'error']),
      action: z.optional(z.enum(['openOptions', 'topUp'])),
      /** A paid action waiting for the user's agreement: the notice offers to confirm it. */
      confirm: z.optional(z.strictObject({ token: text(1, 100), label: text(1, 200) })),
      timeoutMs: z.optional(int(0, 60_000)),
    }),
    from: ['extension'],
  },
  /**
   * The reading under way, for the player on the page, at every player event. Answers whether the
   * page knows this reading; if not, the same state comes again with `setup`, once per reading.
   */
  pagePlayerState: {
    input: z.strictObject({
      sessionId: text(1, 100),
      status: playerStatusSchema,
      sentence: int(0),
      elapsedSec: num(0),
      speed: num(0.5, 2),
      setup: z.optional(
        z.strictObject({
          /** Characters of every sentence (the time left is estimated from them). */
          lengths: z.array(int(0)).check(z.minLength(1), z.maxLength(MAX_READ_CHARS)),
          /** [start, end) of every sentence in the page's text; empty when the text is not on the page. */
          sentences: z.array(z.tuple([int(0), int(0)])).check(z.maxLength(MAX_READ_CHARS)),
          show: z.boolean(),
          corner: z.enum(PLAYER_CORNERS),
          /** Heard in another language: the way it is heard (the player offers the others). */
          listenMode: z.optional(z.enum(LISTEN_MODES)),
        }),
      ),
    }),
    from: ['extension'],
  },
  /** Why the page translation's next paragraphs take long (busy, the plan's pace, slow), or null once they do not: its control says so. */
  pageTranslationNote: pageTranslationNoteRule,
  /** Why a translation the page asked for is taking long (busy, slow): the bubble says so. */
  pageTranslateWait: { input: z.strictObject({ requestId: text(1, 100), message: text(1, 500) }), from: ['extension'] },
  /** The user agreed, on the page or in the popup, to a paid action above their threshold: the question's token. */
  confirmSpend: { input: z.strictObject({ token: text(1, 100) }), from: ['extension', 'content'] },
  /** The user declined it. */
  cancelSpend: { input: z.strictObject({ token: text(1, 100) }), from: ['extension', 'content'] },
  /** Opens the small "add to the glossary" form on the page, for the term selected (issue 40). */
  pageGlossaryForm: { input: glossaryFormInput, from: ['extension'] },
  /**
   * The page's form adds (or replaces) a glossary entry. "Only on this site" is the sender's tab's
   * site, found by the worker: a page cannot name another.
   */
  addGlossaryEntry: {
    input: z.strictObject({
      term: text(1, MAX_TERM),
      translate: z.enum(['keep', 'fixed', 'free']),
      /** The fixed translation into `target` (mode `fixed`). */
      translation: z.nullable(text(1, MAX_RENDERING)),
      target: targetCode,
      say: z.nullable(text(1, MAX_RENDERING)),
      thisSite: z.boolean(),
    }),
    from: ['content'],
  },
} as const satisfies Record<string, { input: z.ZodMiniType; from: readonly SenderKind[] }>;

type In<K extends keyof typeof messageRules> = z.input<(typeof messageRules)[K]['input']>;

/** One typed protocol for every message between the extension's contexts. */
export interface ProtocolMap {
  getServiceStatus(): Result<ServiceStatus>;
  saveService(data: In<'saveService'>): Result<AccountView>;
  clearApiKey(): Result<ServiceStatus>;
  getAccount(data?: In<'getAccount'>): Result<AccountView>;
  getVoices(data?: In<'getVoices'>): Result<VoicesView>;
  openOptions(): Result<void>;
  openDashboard(): Result<void>;

  readText(data: In<'readText'>): Result<ReadStart>;
  downloadText(data: In<'downloadText'>): Result<{ fileName: string } | { confirm: SpendQuestion }>;
  listenText(data: In<'listenText'>): Result<{ confirm: SpendQuestion } | null>;
  cancelDownload(data: In<'cancelDownload'>): Result<void>;
  retryDownload(data: In<'retryDownload'>): Result<{ fileName: string }>;
  readingControl(data: In<'readingControl'>): Result<void>;
  readingSetSpeed(data: In<'readingSetSpeed'>): Result<void>;
  readingJump(data: In<'readingJump'>): Result<void>;
  readingListenMode(data: In<'readingListenMode'>): Result<void>;
  listenPage(data: In<'listenPage'>): Result<void>;
  savePlayerCorner(data: In<'savePlayerCorner'>): Result<void>;
  savePageTranslateCorner(data: In<'savePageTranslateCorner'>): Result<void>;
  readerOpened(data: In<'readerOpened'>): Result<string | null>;
  readerReady(data: In<'readerReady'>): Result<void>;
  readerRead(): Result<void>;
  readerDownload(data: In<'readerDownload'>): Result<void>;
  getReadingState(): Result<ReadingState | null>;
  getPlayerStats(): Result<PlayerStats | null>;
  /** A content sender is accepted only from the tab of the current reading. */
  getResumeOffer(): Result<ResumeOffer | null>;
  resumePage(): Result<void>;

  translate(data: In<'translate'>): Result<TranslateAnswer>;
  cancelTranslation(data: In<'cancelTranslation'>): Result<void>;
  rememberWriteTo(data: In<'rememberWriteTo'>): Result<void>;
  typedTrigger(data: In<'typedTrigger'>): Result<void>;
  speakText(data: In<'speakText'>): Result<ReadStart>;
  getTargetLanguage(): Result<string>;
  getSelectionText(): Result<PageText | null>;
  translatePage(): Result<void>;
  activeTabHasVideo(): Result<boolean>;
  translateTabCaptions(): Result<void>;
  estimatePageTranslation(data: In<'estimatePageTranslation'>): Result<PageEstimate>;
  translatePageBlocks(data: In<'translatePageBlocks'>): Result<PageBlocksAnswer>;
  acceptSpendOffer(data: In<'acceptSpendOffer'>): Result<boolean>;
  pageTranslateStop(data: In<'pageTranslateStop'>): Result<void>;
  translatePageCaptions(): Result<void>;
  captionsEstimate(data: In<'captionsEstimate'>): Result<CaptionsEstimate>;
  captionsTranslate(data: In<'captionsTranslate'>): Result<CaptionsAnswer>;
  captionsStop(data: In<'captionsStop'>): Result<void>;
  captionsListenEstimate(data: In<'captionsListenEstimate'>): Result<CaptionsEstimate>;
  captionsSpeak(data: In<'captionsSpeak'>): Result<CaptionsSpeech>;
  captionsDownload(data: In<'captionsDownload'>): Result<string>;
  captionsTrackEstimate(data: In<'captionsTrackEstimate'>): Result<CaptionsTrackEstimate>;
  captionsTrackSave(data: In<'captionsTrackSave'>): Result<SavedTrack>;

  fetchChunk(data: In<'fetchChunk'>): Result<{ cacheKey: string }>;
  cancelFetches(data: In<'cancelFetches'>): Result<void>;
  /** The audio as base64 (Chrome's messages carry JSON only), or null when it is not kept. */
  audioInMemory(data: In<'audioInMemory'>): Result<string | null>;
  playerEvent(data: PlayerEvent): Result<void>;

  playerStart(data: { plan: ReadingPlan; startSentence?: number }): Result<void>;
  playerControl(data: { action: PlayerAction }): Result<void>;
  playerState(): Result<PlayerEvent | null>;
  playerPrepare(): Result<void>;
  playerSetSpeed(data: In<'playerSetSpeed'>): Result<ChunkSpeed[]>;
  playerStats(): Result<PlayerStats | null>;
  /** The joined file's object URL (in the offscreen document), or null when a part is not stored. */
  joinDownload(data: In<'joinDownload'>): Result<string | null>;
  /** The placed track's object URL (in the offscreen document) and format, or null when a part is not stored. */
  placeTrack(data: In<'placeTrack'>): Result<TrackFile | null>;

  pageGetText(data: In<'pageGetText'>): Result<PageText | null>;
  pagePeekSelection(): Result<PageText | null>;
  pagePing(): Result<true>;
  pageHighlight(data: In<'pageHighlight'>): Result<void>;
  pageClearHighlight(): Result<void>;
  pageTranslate(data: In<'pageTranslate'>): Result<boolean | NotTranslated>;
  pageTranslatePage(data: In<'pageTranslatePage'>): Result<void>;
  pageNotice(data: In<'pageNotice'>): Result<void>;
  pageTranslateWait(data: In<'pageTranslateWait'>): Result<void>;
  pageTranslationNote(data: In<'pageTranslationNote'>): Result<void>;
  pagePlayerState(data: In<'pagePlayerState'>): Result<boolean>;
  confirmSpend(data: In<'confirmSpend'>): Result<void>;
  cancelSpend(data: In<'cancelSpend'>): Result<void>;
  pageGlossaryForm(data: In<'pageGlossaryForm'>): Result<boolean>;
  addGlossaryEntry(data: In<'addGlossaryEntry'>): Result<void>;
}

/** What the glossary form on a page opens with. */
export type GlossaryFormAsk = In<'pageGlossaryForm'>;
/** What the glossary form on a page asks the worker to add. */
export type GlossaryEntryAsk = In<'addGlossaryEntry'>;

/**
 * Why a frame opened no bubble when it had something to say about it: the focus is in a field never
 * read (a password, card details), in a frame of another site this one cannot look into, or in a
 * text box with nothing written (asked for what was written). Plain false: nothing selected.
 */
export type NotTranslated = { why: 'sensitive' } | { why: 'frame'; origin: string } | { why: 'empty' };

/** What the background asks a page to show. */
export type PageNoticeData = In<'pageNotice'>;
export type PageHighlight = In<'pageHighlight'>;

/** A reading started, or the question to ask first: it would cost more than the user's threshold. */
export type ReadStart = { sessionId: string } | { confirm: SpendQuestion };

/**
 * What the user wrote, translated back into the language they read so they can check it: done;
 * held for their agreement (it came to more than they agreed to for both: agreeing sends `translate`
 * of the translation from `source` into `target` with `agreed: token`); or failed (the translation
 * itself is paid for and shown).
 */
export type BackTranslation =
  | { status: 'translated'; translation: string; target: string; cost: number; cached: boolean }
  | { status: 'confirm'; cost: number; token: string; target: string; source: string }
  | { status: 'failed'; error: SerializedServiceError };

/** A translation, or the question to ask first: agreeing sends the same translation again with `agreed: token`. */
export type TranslateAnswer =
  | (TranslationResult & { back?: BackTranslation })
  /** `backTo`: the figure covers the translation back into that language too (at its longest). */
  | (CostToConfirm & { token: string; backTo?: string });

/** A paid action's estimated cost, above the user's threshold (`limit`), waiting for their agreement. */
export interface SpendQuestion {
  credits: number;
  learned: boolean;
  limit: number;
  token: string;
}

