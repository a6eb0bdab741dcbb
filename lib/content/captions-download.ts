import { batchOf, type CueBatch } from '../captions/ahead';
import { joinLines, type Cue } from '../captions/cue';
import { writeSrt, writeVtt, type CaptionFormat } from '../captions/parse';
import { formatNumber, t } from '../i18n';
import { unwrap } from '../messaging/result';
import { sendMessage } from '../messaging/send';
import { MAX_TRANSLATE_CHARS } from '../translate/split';
import type { CaptionsOverlay } from './captions-overlay';

/*
 * Download of the bilingual captions (SRT or VTT): made from what was translated, so saving costs
 * nothing. Captions the video has not reached are untranslated: the user is told how many and
 * may have them translated first (their price shown, sent through the worker's spend gate within
 * what they agreed to), or save the file with those in the original only.
 */

// The protocol's bound on texts a message.
const MAX_TEXTS = 500;

/** The requests that translate these texts: whole captions, each within the service's length. */
export function restBatches(texts: readonly string[]): CueBatch[] {
  const batches: CueBatch[] = [];
  let items: { text: string; cueIds: string[] }[] = [];
  let length = 0;
  for (const text of texts) {
    if (items.length && (items.length >= MAX_TEXTS || length + text.length + 2 > MAX_TRANSLATE_CHARS)) {
      batches.push(batchOf(items));
      items = [];
      length = 0;
    }
    items.push({ text, cueIds: [] });
    length += text.length + 2;
  }
  if (items.length) batches.push(batchOf(items));
  return batches;
}

/**
 * Has `missing` captions translated through the captions' own path (the worker's cache, then
 * requests of whole captions within what the user agreed to), adding each translation to
 * `translated` and telling `settle` of the captions done; throws the error that stopped it.
 * `signal`: no further request is asked for once it aborts.
 */
export async function translateMissing(missing: readonly Cue[], target: string, translated: Map<string, string>, settle: (ids: readonly string[]) => void, signal?: AbortSignal): Promise<void> {
  for (const batch of restBatches([...new Set(missing.map((cue) => joinLines(cue.text)))])) {
    if (signal?.aborted) return;
    const answer = unwrap(await sendMessage('captionsTranslate', { target, texts: batch.items.map((item) => item.text) }));
    const done: string[] = [];
    batch.items.forEach((item, i) => {
      const text = answer.translations[i];
      if (!text) return;
      for (const cue of missing) {
        if (joinLines(cue.text) !== item.text) continue;
        translated.set(cue.id, text);
        done.push(cue.id);
      }
    });
    settle(done);
    if (answer.error) throw Object.assign(new Error(answer.error.message), { kind: answer.error.kind });
  }
}

export interface DownloadOptions {
  format: CaptionFormat;
  cues: readonly Cue[];
  /** Translations by cue id, added to when the rest is translated. */
  translated: Map<string, string>;
  /** Told of cues translated here, so the playhead's batches do not ask for them again. */
  settle: (ids: readonly string[]) => void;
  target: string;
  overlay: CaptionsOverlay;
}

/** Asks about untranslated captions when there are any, then has the worker save the file. */
export async function downloadCaptions(opts: DownloadOptions): Promise<void> {
  const { cues, translated } = opts;
  const spoken = cues.filter((cue) => joinLines(cue.text) !== '');
  const missing = spoken.filter((cue) => !translated.has(cue.id));
  if (missing.length) {
    const texts = [...new Set(missing.map((cue) => joinLines(cue.text)))];
    const batches = restBatches(texts);
    const credits = batches.reduce((sum, batch) => sum + batch.cost, 0);
    const question = t('captionsDownloadMissing', [formatNumber(missing.length), formatNumber(spoken.length)]);
    if (await opts.overlay.ask(question, t('captionsRestFigure', formatNumber(credits)), t('captionsTranslateRest'), t('captionsDownloadAsIs'))) {
      await translateMissing(missing, opts.target, translated, opts.settle);
    }
  }
  const write = opts.format === 'srt' ? writeSrt : writeVtt;
  const text = write(spoken, (cue) => translated.get(cue.id));
  unwrap(await sendMessage('captionsDownload', { format: opts.format, text, title: document.title, target: opts.target }));
}
