import { browser } from 'wxt/browser';
import { serializeError, ServiceError } from '../api/errors';
import type { CaptionsEstimate, CaptionsAnswer } from '../captions/protocol-types';
import { batchOf, oneByOne, splitAnswer, type CueBatch, type CueBatchItem } from '../captions/ahead';
import { translationFigure } from '../captions/figure';
import type { Cue } from '../captions/cue';
import { batchPieces } from '../glossary';
import { languageByCode, type Language } from '../language';
import { t } from '../i18n';
import { getSettings } from '../settings/items';
import { getCachedTranslations, putCachedTranslation } from '../translate/cache';
import { MAX_TRANSLATE_CHARS } from '../translate/split';
import { noteCreditsSpent } from './account';
import { isPrivateTab } from './private-windows';
import { mayHaveBeenCharged } from './speech-price';
import { reportProblem } from './reading/problems';
import { actionSignal, beginAction, endAction, offerSpend, pauseAction, reserve, type SpendAction } from './spend/gate';
import { paidCall } from './spend/gateway';
import { currentTargetLanguage } from './translation';
import type { TabRef } from './tab-actions';
import { CLICKED_VIDEO_KEY, type ClickedVideo } from '../captions/clicked';
import { LISTEN_ACTION } from './captions-speech';
import { captionShapes, captionsFigureGlossary } from './captions-glossary';
import { blockCacheKey, pieceCollector, sendUnits, translatedWithoutRequest, type SendUnit } from './page-glossary';

/*
 * "Translate captions" in the worker: the figure before anything is spent (one offer through the
 * spend gate, for the most the whole video can cost), then batches of whole cues the page asks for
 * as its playhead reaches them, each through the cache and the one gateway.
 */

const CAPTIONS_SCRIPT = '/content-scripts/captions.js';
/** The spend gate's name for a tab's caption translation. */
const ACTION: SpendAction = 'captions';
/** Below a selection's translation and page translation: captions are fetched ahead of need. */
const CAPTIONS_PRIORITY = 40;

/**
 * The menu entry: the captions script goes into the clicked frame only (activeTab, no host
 * permission), told first which video was clicked (its address; in Firefox the element too).
 */
export async function translateCaptionsInTab(tab: TabRef, frameId = 0, clicked: ClickedVideo = {}): Promise<void> {
  const target = { tabId: tab.id, frameIds: [frameId] };
  try {
    await browser.scripting.executeScript({
      target,
      // Runs in the frame, where the captions script reads it (takeClickedVideo): no closure.
      func: (key: string, value: ClickedVideo) => {
        (globalThis as Record<symbol, unknown>)[Symbol.for(key)] = value;
      },
      args: [CLICKED_VIDEO_KEY, clicked],
    });
    await browser.scripting.executeScript({ target, files: [CAPTIONS_SCRIPT] });
  } catch (error) {
    await reportProblem(null, serializeError(error));
  }
}

/**
 * Starts a tab's caption translation afresh (what an earlier one had under way is withdrawn) and
 * makes the offer the page shows before anything is sent: the whole video's bound, and what a
 * straight watch costs a minute.
 */
export async function estimateCaptions(cues: readonly Cue[], durationSec: number | null, tabId: number): Promise<CaptionsEstimate> {
  const target = await currentTargetLanguage();
  await beginAction(tabId, ACTION);
  await endAction(tabId, LISTEN_ACTION);
  oneAtATime.delete(tabId);
  // The glossary's terms are sent around, not in: the figure counts what is sent.
  const glossary = await captionsFigureGlossary(await getSettings(), cues, target, tabId);
  const figure = translationFigure(cues, { source: null, target, ...glossary, ...(durationSec === null ? {} : { durationSec }) });
  const offer = await offerSpend(tabId, ACTION, figure.whole);
  return { target, perMinute: figure.perMinute, whole: figure.whole, offer: offer.id };
}

/**
 * Tabs whose service answered a request of several cues with an answer that could not be split
 * back into them: from then on their cues go one a request (never misplaced, and within the
 * figure, which bounds each text on its own). Forgotten when the captions start afresh or stop.
 */
const oneAtATime = new Set<number>();

/**
 * Each text's translation, in order: from the cache at no cost, the rest in one request of whole
 * cues (one a request after an answer that could not be split), within what the user agreed to.
 * A caption with glossary terms to protect is sent as its pieces around them (items of the same
 * request) and put together with the terms written by us; one of terms only costs nothing. Each is
 * cached under its text and the terms that matched in it (a glossary change elsewhere keeps it).
 * A request paid for whose answer cannot be split is not sent again cue by cue (that would pay
 * twice for the same captions): its texts are reported `unmatched`, paid once and shown without a
 * translation. Withdrawn (nothing sent) when the page pauses or stops.
 */
export async function translateCaptions(target: string, texts: readonly string[], tabId: number): Promise<CaptionsAnswer> {
  const language = languageByCode(target);
  if (!language) throw new ServiceError('invalidRequest', t('translateUnsupported', target));
  const withdrawn = actionSignal(tabId, ACTION);
  const [settings, inPrivate] = await Promise.all([getSettings(), isPrivateTab(tabId)]);
  const blocks = texts.map((text) => ({ text, source: null }));
  const shapes = await captionShapes(settings, texts, language.code, tabId);
  const keys = blocks.map((block, i) => blockCacheKey(settings.serviceUrl, language.code, block, shapes[i] ?? null, null));
  const found = await getCachedTranslations(keys).catch(() => texts.map(() => null));
  const translations = found.map((entry) => entry?.translation ?? null);
  const keep = (i: number, text: string) => {
    translations[i] = text;
    void putCachedTranslation(keys[i]!, { translation: text, sourceLanguage: null, sourceName: '' }, { inMemory: inPrivate }).catch(() => undefined);
  };
  // A caption of terms only (and punctuation): its translation is ours, sent nowhere.
  shapes.forEach((shape, i) => {
    const free = translations[i] === null ? translatedWithoutRequest(shape ?? null, language.code) : null;
    if (free !== null) keep(i, free);
  });
  const unmatched: number[] = [];
  const missing = texts.flatMap((_, i) => (translations[i] === null ? [i] : []));
  if (missing.length === 0 || withdrawn.aborted) return { translations, unmatched, error: null };
  const units = sendUnits(blocks, shapes, missing);
  const collectPiece = pieceCollector(shapes, language.code);
  try {
    let queue = requestsOf(units, oneAtATime.has(tabId));
    for (let request = queue.shift(); request; request = queue.shift()) {
      const got = await sendBatch(request, language, tabId, withdrawn);
      if (got === null) {
        // From here on one a request, the rest of this call's too.
        oneAtATime.add(tabId);
        queue = queue.flatMap(oneByOne);
        unmatched.push(...request.items.flatMap((item) => item.cueIds.map((id) => units[Number(id)]!.block)));
        continue;
      }
      for (const [id, text] of got) {
        const { block, piece } = units[Number(id)]!;
        if (piece === null) {
          keep(block, text);
          continue;
        }
        const whole = collectPiece(block, piece, text);
        if (whole !== null) keep(block, whole);
      }
    }
    return { translations, unmatched: [...new Set(unmatched)], error: null };
  } catch (error) {
    const serialized = serializeError(error);
    return { translations, unmatched: [...new Set(unmatched)], error: serialized.kind === 'cancelled' ? null : serialized };
  }
}

/**
 * The requests for these units (a whole caption or a piece of one; each item names its units by
 * index): a unit saying what another says rides with it, and a request stays within the service's
 * limit (pieces add separators: they are cut where the captions alone were not); one a request
 * after an answer that could not be split.
 */
function requestsOf(units: readonly SendUnit[], oneByOneNow: boolean): CueBatch[] {
  const items: CueBatchItem[] = [];
  units.forEach((unit, i) => {
    const same = items.find((item) => item.text === unit.text);
    if (same) same.cueIds.push(String(i));
    else items.push({ text: unit.text, cueIds: [String(i)] });
  });
  if (oneByOneNow) return oneByOne(batchOf(items));
  return batchPieces(items.map((item) => item.text), MAX_TRANSLATE_CHARS).map((indexes) => batchOf(indexes.map((n) => items[n]!)));
}

/** One request through the gate and the gateway: its parts by item id, or null when they cannot be told apart. */
async function sendBatch(batch: CueBatch, language: Language, tabId: number, signal: AbortSignal): Promise<Map<string, string> | null> {
  const held = await reserve(tabId, ACTION, batch.cost);
  if (!held) throw new ServiceError('invalidRequest', t('captionsOverFigure'));
  let charged = 0;
  try {
    const response = await paidCall((client, abort) => client.translate({ text: batch.text, target_language: language.name }, { signal: abort }), {
      priority: CAPTIONS_PRIORITY,
      signal,
      label: 'captions',
    });
    charged = batch.cost;
    void noteCreditsSpent(batch.cost).catch(() => undefined);
    return splitAnswer(batch, response.translation);
  } catch (error) {
    if (mayHaveBeenCharged(error)) charged = batch.cost;
    throw error;
  } finally {
    await held.settle(charged);
  }
}

/** The page paused (what is not sent is withdrawn; the agreement stays) or stopped (forgotten too). */
export async function stopCaptions(tabId: number, end: boolean): Promise<void> {
  if (end) {
    oneAtATime.delete(tabId);
    await Promise.all([endAction(tabId, ACTION), endAction(tabId, LISTEN_ACTION)]);
  } else {
    pauseAction(tabId, ACTION);
    pauseAction(tabId, LISTEN_ACTION);
  }
}
