import { formatNumber, t } from '../i18n';
import { MAX_READ_CHARS } from '../messaging/protocol';
import { sendMessage } from '../messaging/send';
import type { DocumentArticle } from './article';
import { byId } from './toolbar';

/**
 * *Download audio*: a dialog for the page range (the whole document by default), then the text
 * of those pages in reading order goes to the background, which saves it as one file through the
 * spend gate (the cost is shown on this page before anything is paid, as for a page's selection).
 */
export function bindDownload(
  doc: Document,
  details: { pages: number; title: string; languageHint: string | null; article: DocumentArticle },
): void {
  const dialog = byId<HTMLDialogElement>(doc, 'download-dialog');
  const first = byId<HTMLInputElement>(doc, 'download-first');
  const last = byId<HTMLInputElement>(doc, 'download-last');
  const problem = byId(doc, 'download-problem');
  const start = byId<HTMLButtonElement>(doc, 'download-start');
  const button = byId<HTMLButtonElement>(doc, 'download');
  for (const input of [first, last]) input.max = String(details.pages);
  button.disabled = false;
  button.addEventListener('click', () => {
    first.value = '1';
    last.value = String(details.pages);
    problem.textContent = '';
    start.disabled = false;
    dialog.showModal();
  });
  byId(doc, 'download-cancel').addEventListener('click', () => dialog.close());
  byId(doc, 'download-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const from = clamp(first.value, details.pages);
    const to = Math.max(from, clamp(last.value, details.pages));
    start.disabled = true;
    problem.textContent = t('readerDownloadPreparing', [String(from), String(to)]);
    void details.article.textOfPages(from, to).then(async (text) => {
      start.disabled = false;
      if (!text.trim()) return void (problem.textContent = t('readerDownloadNoText', [String(from), String(to)]));
      if (text.length > MAX_READ_CHARS) {
        problem.textContent = t('readerDownloadTooLong', [String(from), String(to), formatNumber(text.length), formatNumber(MAX_READ_CHARS)]);
        return;
      }
      dialog.close();
      const whole = from === 1 && to === details.pages;
      const title = whole
        ? details.title
        : from === to
          ? t('readerPageTitle', [details.title, String(from)])
          : t('readerPagesTitle', [details.title, String(from), String(to)]);
      // What it costs, and any problem, is said on this page by the background (the spend gate's notice).
      const sent = await sendMessage('readerDownload', { text, title: title.slice(0, 500), languageHint: details.languageHint });
      if (!sent.ok) byId(doc, 'status').textContent = sent.error.message;
    });
  });
}

function clamp(value: string, pages: number): number {
  return Math.min(pages, Math.max(1, Math.floor(Number(value)) || 1));
}
