

// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM":{"settings":{"disableJavaScriptEvaluation":true,"handleDisabledFileLoadingAsSuccess":true}}}
import nodeConsole from 'node:console';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { splitSentences } from '../speech/segment';
import { readArticleMap } from './article';
import { readArticle } from './article';
import { selectionTextMap } from './selection';
import { rangeForText } from './text-map';
import { ifSharedPages, ownPageFile, sharedPageFile } from '../../test/support/pages';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const bare = (text: string) => text.replace(/\s+/g, '');

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

/**
 * Loads a page file into the test's own document, with its scripts off. (Ranges in documents
 * from DOMParser have empty text in happy-dom 21, so highlights are checked on this one.)
 */
function loadPage(file: string): Document {
  return loadHtml(readFileSync(file, 'utf8'));
}

function loadHtml(html: string): Document {
  document.open();
  document.write(html);
  document.close();
  return document;
}

/** The start of the text of the first real paragraph of the article Readability's own tests expect. */
function expectedOpening(name: string): string {
  const expected = parse(readFileSync(sharedPageFile(name, 'expected.html'), 'utf8'));
  const first = Array.from(expected.querySelectorAll('p'), (p) => squash(p.textContent ?? '')).find((text) => text.length > 20);
  return first!.slice(0, 40);
}

interface PageCase {
  name: string;
  file: string;
  /** How the article's first paragraph starts (read from Readability's expected article for saved pages). */
  opening: () => string;
  language: string | null;
  /** Text of the page's chrome that must not be read as the article. */
  navigation: string[];
}

const own = (name: string, opening: string, language: string | null, navigation: string[]): PageCase => ({
  name, file: ownPageFile(name), opening: () => opening, language, navigation,
});
const saved = (name: string, language: string | null, navigation: string[]): PageCase => ({
  name: `${name} (saved page)`, file: sharedPageFile(name), opening: () => expectedOpening(name), language, navigation,
});

const CASES: PageCase[] = [
  own('encyclopedia', 'A tide mill is a water mill driven by the rise and fall of the tide.', 'en',
    ['Jump to navigation', 'Main page', 'What links here', 'Personal tools', 'Random article', 'Create account', 'last edited']),
  own('news', 'HARWICK — For almost ninety years, the low brick terminal', 'en',
    ['Skip to content', 'Subscribe for $1 a week', 'Share this article', 'Most Popular', 'Site Index']),
  own('french', 'Les conseillers municipaux ont, sans grande surprise, adopté', 'fr',
    ['Édition du soir', 'Partager sur Facebook', 'Contenus sponsorisés', 'Les plus lus']),
  own('german', 'Die freie Notiz-App Quillnote verschlüsselt Notizen', 'de',
    ['Zur Startseite', 'Newsticker', 'Anmelden', 'Wir verwenden Cookies']),
  own('portuguese', 'Toda segunda-feira de manhã, um barco de madeira', 'pt',
    ['Últimas notícias', 'Compartilhar no WhatsApp', 'Mais lidas']),
  // The Japanese and Chinese pages declare no lang anywhere, as many such sites do: no hint rather than a guess.
  // The Japanese one has ad scripts in the middle of the story; they must not be read.
  own('japanese', 'むかしむかし、ある野原に、はたらき者のアリたちと、歌の好きなキリギリスが住んでいました。', null,
    ['google_ad_client', 'CDATA', 'サイトマップ']),
  own('chinese', '本报讯 近日，南方海洋研究所发布了一款新型水下机器人。', null,
    ['下载客户端', '我要评论', '热门排行', '发表评论']),
  own('rtl', 'تفتح المكتبة أبوابها كل صباح.', 'ar',
    ['أخبار المدينة', 'جميع الحقوق محفوظة']),
  // The saved real-world pages, when they are beside the repository (see test/support/pages.ts).
  ...ifSharedPages([
    saved('wikipedia', 'en', ['What links here', 'Personal tools', 'Random article', 'Create account']),
    saved('lemonde-1', 'fr', ['Édition Abonnés', 'Vie en ligne']),
    // hukumusume, qq and rtl-1 declare no lang anywhere: no hint rather than a guess.
    // Readability keeps hukumusume's sidebar links as part of the article; its scripts must not be.
    saved('hukumusume', null, ['google_ad_client', 'CDATA']),
    saved('qq', null, ['下载快报APP', '我要评论']),
    saved('rtl-1', null, []),
    saved('ars-1', 'en', []),
    saved('folha', 'pt', []),
    saved('heise', 'de', []),
    saved('nytimes-1', 'en', []),
  ]),
];

describe('readArticle on article pages', () => {
  // happy-dom logs an error for every iframe it may not load (the pages have several), on the
  // Node console it was created with rather than the test's.
  beforeAll(() => void vi.spyOn(nodeConsole, 'error').mockImplementation(() => undefined));
  afterAll(() => vi.restoreAllMocks());

  it.each(CASES)('$name: finds the article, not the navigation, with its language', ({ file, opening, language, navigation }) => {
    const doc = loadPage(file);
    const source = readArticle(doc)!;
    expect(source.kind).toBe('article');
    expect(source.text.startsWith(`${source.title}\n\n`)).toBe(true);
    expect(squash(source.text)).toContain(opening());
    for (const text of navigation) expect(source.text).not.toContain(text);
    expect(source.languageHint).toBe(language);
  });

  it.each(CASES)('$name: sentences map back to ranges on the live page with the same text', ({ file, language }) => {
    const doc = loadPage(file);
    const { map, title } = readArticleMap(doc)!;
    // Up to about 60 sentences spread over the article keep the long pages quick.
    const all = splitSentences(map.text, language ?? 'en').filter((s) => s.start > title.length);
    const sentences = all.filter((_, i) => i % Math.ceil(all.length / 60) === 0);
    let mapped = 0;
    for (const sentence of sentences) {
      const range = rangeForText(map, sentence.start, sentence.end);
      if (!range) continue;
      mapped++;
      expect(doc.contains(range.startContainer)).toBe(true);
      // The visible text of the range: a range may span a script that is not painted.
      expect(bare(selectionTextMap([range]).text)).toBe(bare(sentence.text));
    }
    expect(sentences.length).toBeGreaterThanOrEqual(5);
    // Text Readability made up has no live twin; on these pages that is at most a few sentences.
    expect(mapped / sentences.length).toBeGreaterThanOrEqual(0.9);
  });

  it('highlights the title when the page shows it as a heading', () => {
    const doc = loadHtml('<title>Big news about the river - Site</title><body><nav><a href="/">Home</a></nav><article><h1>Big   news about the river</h1>'
      + `<p>${'The first paragraph says quite a lot of things about the news. '.repeat(8)}</p>`
      + `<p>${'The second paragraph says even more about it, at length. '.repeat(8)}</p></article></body>`);
    const article = readArticleMap(doc)!;
    expect(article.map.text.startsWith(`${article.title}\n\n`)).toBe(true);
    const range = rangeForText(article.map, 0, article.title.length);
    expect(range && squash(range.toString())).toBe(article.title);
  });

  it('leaves out article text a person cannot see, judged on the live page', () => {
    const paragraph = 'The first paragraph says quite a lot of things about the news. '.repeat(8);
    const doc = loadHtml('<title>Big news</title><style>.ghost { opacity: 0 }</style><body><article><h1>Big news</h1>'
      + `<p>${paragraph}</p><p class="ghost">${'Hidden words a page slipped in. '.repeat(20)}</p>`
      + `<p>${paragraph.replace('first', 'second')}<span style="font-size: 0">Tiny hidden words.</span></p></article></body>`);
    const text = readArticle(doc)!.text;
    expect(text).toContain('The second paragraph');
    expect(text).not.toContain('Hidden words');
    expect(text).not.toContain('Tiny hidden');
  });

  it('returns null for a page without text', () => {
    expect(readArticle(loadHtml('<html><body><img src="a.png"></body></html>'))).toBeNull();
    expect(readArticle(loadHtml(''))).toBeNull();
  });

  it.each([{ name: 'rtl', file: ownPageFile('rtl') }, ...ifSharedPages([{ name: 'rtl-1 (saved page)', file: sharedPageFile('rtl-1') }])])('$name: leaves the live page untouched', ({ file }) => {
    const doc = loadPage(file);
    const before = doc.documentElement.outerHTML;
    const source = readArticle(doc)!;
    source.highlight(0, 40);
    source.clearHighlight();
    expect(doc.documentElement.outerHTML).toBe(before);
  });
});

describe('the headline a reading starts with', () => {
  const textOf = (source: { text: string }, from: number, to: number) => source.text.slice(from, to);

  it('is the headline the page shows, lit while heard, not the title with the author glued on and plain quotes', () => {
    const doc = loadPage(ownPageFile('byline-title'));
    const article = readArticleMap(doc)!;
    expect(article.title).toBe('Why “slow TV” isn’t dead yet');
    expect(article.map.text.startsWith('Why “slow TV” isn’t dead yet\n\n')).toBe(true);
    expect(article.map.text).toContain('Ten years ago the networks said');
    const range = rangeForText(article.map, 0, article.title.length);
    expect(range && squash(range.toString())).toBe(article.title);
    expect(range?.startContainer.parentElement?.localName).toBe('h1');
    expect(article.map.text).not.toContain('Eleanor Ainge Roy |');
    expect(article.map.text.split('slow TV').length - 1).toBe(1);
  });

  it('an article the finder misses (it took the hidden print edition) is read from the largest visible block, headed by its headline once', () => {
    const doc = loadPage(ownPageFile('print-edition'));
    const source = readArticle(doc)!;
    expect(source).not.toBeNull();
    const headline = 'Harbour board gives the old ferry terminal until spring';
    expect(source.title).toBe(headline);
    expect(textOf(source, 0, headline.length + 2)).toBe(`${headline}\n\n`);
    expect(source.text).toContain('The harbour board met on Tuesday night');
    expect(source.text).toContain('lend the volunteers its workshop');
    expect(source.text.split(headline).length - 1).toBe(1);
    expect(source.text).not.toContain('North Quay Courier');
    // Each sentence once: the print edition's doubled paragraphs are not read.
    expect(source.text.split('The harbour board met').length - 1).toBe(1);
  });
});
