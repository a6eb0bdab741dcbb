// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM":{"settings":{"disableJavaScriptEvaluation":true,"handleDisabledFileLoadingAsSuccess":true}}}
import nodeConsole from 'node:console';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readArticle } from '../../page/article';
import { probeHere } from '../../page/here-probe';
import { DEFAULT_CLEANUP } from '../../speech/clean';
import { ifSharedPages, ownPageFile, sharedPageFile } from '../../../test/support/pages';
import { prepareSpeech } from '../../speech/chunk';
import { chunksFrom, sentenceAtOffset } from '../../speech/chunk-from';
import { hereFirstText } from './here-first';

function loadPage(file: string): Document {
  document.open();
  document.write(readFileSync(file, 'utf8'));
  document.close();
  return document;
}

const PAGES = [
  ...['encyclopedia', 'news', 'french', 'german', 'portuguese', 'rtl', 'hostile-css'].map((name) => ({ name, file: ownPageFile(name), sample: 15 })),
  // The saved pages are large: a probe there takes seconds in happy-dom (its styles), so a few paragraphs each.
  ...ifSharedPages(['lemonde-1', 'nytimes-1'].map((name) => ({ name: `${name} (saved page)`, file: sharedPageFile(name), sample: 4 }))),
];

describe('the request a reading "from here" sends at the click', () => {
  beforeAll(() => void vi.spyOn(nodeConsole, 'error').mockImplementation(() => undefined));
  afterAll(() => vi.restoreAllMocks());

  // The saved pages take a minute or more of one core (happy-dom's styles), and npm test runs this
  // beside Firefox's suites at a lower priority: a limit for a hang, not for a time.
  it.each(PAGES)('$name: is the first request of the plan the article makes, for every paragraph the probe takes', { timeout: 480_000 }, ({ file, sample }) => {
    const doc = loadPage(file);
    const article = readArticle(doc)!;
    const language = article.languageHint ?? 'en';
    // The whole article's plan, as buildPlan makes it for a reading that starts at an offset.
    const prepared = prepareSpeech(article.text, language, { marks: article.marks });
    const paragraphs = [...doc.querySelectorAll('p')];
    // Paragraphs spread over the page keep the long pages quick.
    const every = Math.ceil(paragraphs.length / sample);
    let probed = 0;
    for (const paragraph of paragraphs.filter((_, i) => i % every === 0)) {
      const node = [...paragraph.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 20);
      if (!node) continue;
      // A click in the middle of the paragraph's first stretch of plain text.
      window.getSelection()!.collapse(node, Math.floor((node.textContent ?? '').length / 2));
      const probe = probeHere(window);
      if (!probe) continue;
      probed++;
      expect(probe.pageLanguage).toBe(language);
      const sent = hereFirstText(probe.text, probe.startOffset, { voiceId: 'v', language, speed: 1, format: 'mp3' }, DEFAULT_CLEANUP);
      const startOffset = article.offsetAt!({ node, offset: Math.floor((node.textContent ?? '').length / 2) })!;
      const start = sentenceAtOffset(prepared.sentences, startOffset);
      expect(sent, paragraph.textContent!.slice(0, 60)).toBe(chunksFrom(prepared, start).find((c) => c.firstSentence === start)!.text);
    }
    // The probe takes most of an article's paragraphs (not a test that passes on none).
    expect(probed).toBeGreaterThanOrEqual(2);
  });
});
