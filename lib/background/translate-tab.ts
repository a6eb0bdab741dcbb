import { serializeError, ServiceError } from '../api/errors';
import { type NotTranslated } from '../messaging/protocol';
import { sendMessage } from '../messaging/send';
import { hideBubbleShell, showBubbleShell } from './bubble-shell';
import { knownFramesNow } from './injected-frames';
import { injectPageScript, injectPageScriptTopFirst, reportingFrame, runProbe, runProbeInFrames } from './page-link';
import { reportProblem } from './reading/problems';
import type { TabRef } from './tab-actions';
import { currentTargetLanguage, translateAhead } from './translation';
import { writeTargetFor } from '../translate/write-target';
import * as z from 'zod/mini';
import { isPrivateTab } from './private-windows';
import { rememberWriteTo, writeToFor } from './write-to';
import { t } from '../i18n';
import { getSettings } from '../settings/items';

/**
 * Opens the translation bubble beside the selection of a tab the user just invoked us on. The
 * page script asks for the translation itself (so the bubble can re-translate and show progress);
 * credits are spent only then, on this explicit request. `selectionText` is the menu's report of
 * what was right-clicked (a shortcut has none): the page translates that when its selection changed.
 * `written`: "Translate what I wrote", the focused field's text (selected or whole) into the
 * language the user writes to on this site.
 */
export async function translateFromTab(tab: TabRef, frameId?: number, selectionText?: string, written = false): Promise<void> {
  let injected = false;
  // The browser saw text selected in the clicked frame: its bubble's shell is painted there at
  // once, while the page script is injected (unless it already runs there and answers at once).
  const shellFrame = frameId ?? 0;
  const shell = selectionText !== undefined && !knownFramesNow(tab.id)?.includes(shellFrame) ? showBubbleShell(tab.id, shellFrame) : null;
  try {
    // A shortcut: what the user wrote in the focused box is read at once by a small probe (before
    // the page script, which the frame runs after it), and its translation asked for while the page
    // script starts; the bubble's own request joins it.
    const shortcut = frameId === undefined && selectionText === undefined;
    const probing = shortcut ? probeWrittenText(tab.id) : Promise.resolve(null);
    const targetLanguage = currentTargetLanguage();
    const replaceAtOnce = getSettings().then((s) => s.writeReplaceAtOnce);
    const writeTo = isPrivateTab(tab.id).then((inPrivate) => writeToFor(tab.id, inPrivate));
    // The page script's first run holds the page's main thread for tens of ms: it comes once the
    // shell is on screen, not before its paint.
    await shell;
    // A shortcut (no frame clicked): the top page is asked as soon as its script runs, the other
    // frames only when it has nothing (they are let in meanwhile).
    const injection = shortcut ? injectPageScriptTopFirst(tab.id) : injectPageScript(tab.id, frameId).then((frames) => ({ frames, all: Promise.resolve(frames) }));
    const ahead = probing.then(async (probe) => {
      if (!probe) return undefined;
      const [reading, writing] = await Promise.all([targetLanguage, writeTo]);
      const requestId = `ahead-${crypto.randomUUID()}`;
      void translateAhead({ text: probe.text, target: writeTargetFor(probe.pageLanguage, writing, reading), written: true, requestId }, tab.id, probe.frameId);
      return { requestId, frameId: probe.frameId };
    });
    const [{ frames, all }, target, writing, atOnce, aheadOf] = await Promise.all([injection, targetLanguage, writeTo, replaceAtOnce, ahead]);
    injected = true;
    // From a menu, the clicked frame checks its selection against what the browser reported.
    // The box the probe read in a frame is what the user asked about (its request is already paid
    // for): that frame is asked first, once every frame runs the page script, before a top page
    // that may still hold a selection of its own.
    const ordered =
      selectionText !== undefined ? [reportingFrame(frames, frameId)]
      : aheadOf && aheadOf.frameId !== 0 ? inOrder(await all, aheadOf.frameId, all)
      : inOrder(frames, frameId ?? 0, all);
    let why: NotTranslated | null = null;
    const ask = { target, selectionText, writeTo: writing, written, ...(atOnce ? { replaceAtOnce: true } : {}) };
    for await (const frame of ordered) {
      // The frame whose box the probe read takes the request already under way.
      const asked = aheadOf && frame === aheadOf.frameId ? { ...ask, requestId: aheadOf.requestId } : ask;
      const shown = await sendMessage('pageTranslate', asked, { tabId: tab.id, frameId: frame }).catch(() => null);
      if (shown?.ok && shown.value === true) {
        // The bubble opened in another frame than the one clicked (a frame we may not enter).
        if (frame !== shellFrame && (await shell)) await hideBubbleShell(tab.id, shellFrame);
        return;
      }
      if (shown?.ok && typeof shown.value === 'object') why ??= shown.value;
    }
    throw new ServiceError('invalidRequest', whyNotMessage(why));
  } catch (error) {
    if (await shell) await hideBubbleShell(tab.id, shellFrame);
    await reportProblem(injected ? tab.id : null, serializeError(error));
  }
}

const WRITTEN_PROBE = '/written-probe.js';

/** What the written-text probe answers (lib/bubble/written-probe.ts); anything else is no answer. */
const writtenSchema = z.nullable(z.object({ text: z.string().check(z.minLength(1), z.maxLength(1_000_000)), pageLanguage: z.nullable(z.string()) }));
const topAnswerSchema = z.union([writtenSchema, z.object({ inFrame: z.literal(true) })]);

/**
 * What the user wrote in the box with the focus, read by the probe before the page script runs:
 * in the top page, or, when its focus is in one of its frames, in the frame that has it (a frame
 * of another site we may not enter does not answer). With the frame it was read in.
 */
async function probeWrittenText(tabId: number): Promise<{ frameId: number; text: string; pageLanguage: string | null } | null> {
  const top = await runProbe(tabId, 0, WRITTEN_PROBE, topAnswerSchema);
  if (!top) return null;
  if (!('inFrame' in top)) return { frameId: 0, ...top };
  const [framed] = (await runProbeInFrames(tabId, WRITTEN_PROBE, writtenSchema)).filter((r) => r.frameId !== 0);
  return framed ? { frameId: framed.frameId, ...framed.value } : null;
}

/** The frames to ask, `first` first (when it runs our script), then the rest of `frames`, then those `all` adds. */
async function* inOrder(frames: number[], first: number, all: Promise<number[]>): AsyncGenerator<number> {
  const asked = new Set<number>();
  for (const frame of [first, ...frames]) {
    if (!frames.includes(frame) || asked.has(frame)) continue;
    asked.add(frame);
    yield frame;
  }
  for (const frame of await all) {
    if (asked.has(frame)) continue;
    asked.add(frame);
    yield frame;
  }
}

/** What the user is told when no frame had anything to translate, in the words of the first that said why. */
function whyNotMessage(why: NotTranslated | null): string {
  if (why?.why === 'sensitive') return t('translateSensitiveField');
  if (why?.why === 'frame') return t('translateOtherSiteFrame', new URL(why.origin).host);
  if (why?.why === 'empty') return t('translateNothingWritten');
  return t('translateNothingSelected');
}

/** The user chose, in a bubble on this tab, the language they write to: kept for its site (a private window's in memory). */
export async function keepWriteTo(tabId: number, code: string): Promise<void> {
  await rememberWriteTo(tabId, code, await isPrivateTab(tabId));
}
