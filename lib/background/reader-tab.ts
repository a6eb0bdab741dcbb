import { rememberFrames } from './injected-frames';
import { rememberReaderPage, takeReaderAction } from './pdf-tab';
import { readFromTab } from './tab-actions';
import { translatePageFromTab } from './translate-page-tab';

/**
 * The reader in this tab has its document on screen: its page agent answers like a page script
 * (frame 0), and the action it was opened for (and claimed when it loaded: `claim`) goes on. A document with no text (a scan) says
 * so on its own page and nothing paid is started.
 */
export async function readerReady(tabId: number, hasText: boolean, url: string, claim: string | null): Promise<void> {
  await Promise.all([rememberFrames(tabId, [0]), rememberReaderPage(tabId, url)]);
  const action = await takeReaderAction(tabId, claim);
  if (!action || !hasText) return;
  if (action === 'translate-page') await translatePageFromTab({ id: tabId });
  else await readFromTab({ id: tabId }, 'auto');
}

/** The reader's own Read aloud button. */
export async function readInReader(tabId: number): Promise<void> {
  await readFromTab({ id: tabId }, 'auto');
}
