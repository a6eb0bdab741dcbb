import * as z from 'zod/mini';
import { serializeError } from '../api/errors';
import { checkedSelectionText } from '../page/selection';
import type { SelectionProbe } from '../page/selection-probe';
import { injectPageScript, readPageText, runProbe } from './page-link';
import { reportProblem } from './reading/problems';
import { startReading } from './reading/start';
import { readFromTab, type TabRef } from './tab-actions';
import { getVoices } from './voices';
import { getSettings } from '../settings/items';
import { voxlateDb } from '../storage/database';

const PROBE_SCRIPT = '/selection-probe.js';

/** What the selection probe answers (lib/page/selection-probe.ts); anything else is no answer. */
const probeSchema = z.object({
  read: z.nullable(
    z.object({
      kind: z.enum(['selection', 'field', 'article']),
      text: z.string().check(z.maxLength(1_000_000)),
      gaps: z.array(z.number()),
      title: z.string(),
      languageHint: z.nullable(z.string()),
    }),
  ),
  sensitiveFocused: z.boolean(),
  pageLanguage: z.nullable(z.string()),
});

/**
 * "Read aloud" from the context menu, with what the browser reported selected (`selectionText`).
 * The first request leaves as soon as the selection's visible text is known, which the small
 * selection probe tells within a few milliseconds, while the page script (for notices and the
 * highlight) is still being injected. Sending the browser's report itself would be quicker still,
 * but it holds text hidden by CSS, and a first request with hidden text in it would not be the one
 * the reading uses: a request paid for nothing. The probe reads the selection exactly as the page
 * script does (same code; the page script then takes its reading over), so the request sent early
 * is the reading's own, and nothing above the user's threshold leaves before they agree.
 */
export async function readSelectionFromMenu(tab: TabRef, frameId: number | undefined, selectionText: string): Promise<void> {
  const frame = frameId ?? 0;
  // The probe first: a frame runs the scripts injected into it one after the other, in order.
  const probing = probeSelection(tab.id, frame);
  const pageScript = injectPageScript(tab.id, frameId);
  pageScript.catch(() => undefined);
  void warmUpReading();
  const probe = await probing;
  const checked = probe && checkedSelectionText(probe.read, selectionText, probe.sensitiveFocused);
  if (!probe || !checked) {
    // The usual path, which finds its own words for what is wrong.
    await pageScript.catch(() => undefined);
    return readFromTab(tab, 'selection', frameId, selectionText);
  }
  // Highlighted only where the page script maps this very text in the probed frame.
  const page = pageScript.then(async (frames) => {
    const found = await readPageText(tab.id, frames, 'selection', frameId, selectionText);
    return found?.frameId === frame && !checked.reported && found.text === checked.text;
  });
  page.catch(() => undefined);
  try {
    await startReading({
      text: checked.text,
      title: probe.read?.title || tab.title || '',
      languageHint: checked.reported ? probe.pageLanguage : (probe.read?.languageHint ?? null),
      tabId: tab.id,
      frameId: frame,
      pageReady: page,
    });
  } catch (error) {
    const reachable = await pageScript.then(() => true, () => false);
    await reportProblem(reachable ? tab.id : null, serializeError(error));
  }
}

/**
 * Opens what the first request will need (settings, voices, the audio cache) while the page is
 * read; never fails. (Creating Chrome's player document here too was measured: it slowed the
 * first request by ~30 ms on 2 cores, more than it saved after the answer.)
 */
export async function warmUpReading(): Promise<void> {
  await Promise.allSettled([getSettings(), getVoices(), voxlateDb()]);
}

/** The probe's answer from the clicked frame, or null where it cannot run or takes too long. */
const probeSelection = (tabId: number, frameId: number): Promise<SelectionProbe | null> => runProbe(tabId, frameId, PROBE_SCRIPT, probeSchema);
