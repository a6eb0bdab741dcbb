// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM":{"settings":{"disableJavaScriptEvaluation":true,"handleDisabledFileLoadingAsSuccess":true}}}
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ownPageFile } from '../../test/support/pages';
import { findBlocks } from './blocks';

function loadPage(name: string): Document {
  document.open();
  document.write(readFileSync(ownPageFile(name), 'utf8'));
  document.close();
  return document;
}

const texts = (name: string, target: string) => findBlocks(loadPage(name).body, target).map((b) => b.text);

describe('findBlocks', () => {
  it('takes the article of a news page, not its navigation, search form or share buttons', () => {
    const found = texts('news', 'es');
    expect(found[0]).toBe('A Port City Turns Its Old Ferry Terminal Into a Library');
    expect(found.some((t) => t.startsWith('HARWICK — For almost ninety years'))).toBe(true);
    expect(found.some((t) => t.includes('The former departure hall now holds the reading room.'))).toBe(true);
    // The article's own footer (a correction) is the article's.
    expect(found.some((t) => t.startsWith('A version of this article appears in print'))).toBe(true);
    // Chrome is never sent, so never paid for: navigation, the kicker link, the byline and date,
    // share buttons, related and most-popular asides, the site's footer and its index.
    for (const chrome of ['World', 'Share this article', 'Subscribe for $1 a week', 'Search the Courier', 'Skip to content', 'By Ruth Okonkwo', 'Feb. 11, 2026', 'Related Coverage', 'Ferry Service Moves to New Pier', 'Most Popular', 'Site Index', '© 2026 The Harwick Courier']) {
      expect(found.filter((t) => t.includes(chrome))).toEqual([]);
    }
    expect(found).not.toContain('Local');
  });

  it('leaves out link-only blocks, bylines and dates by their names, and table cells of a word or two', () => {
    document.body.innerHTML = `<main>
      <p><a href="#a">A link alone</a> <a href="#b">and another</a></p>
      <p>Text with <a href="#c">a link</a> in it.</p>
      <div class="article-meta__byline"><p>By Ana Ruiz</p></div>
      <p class="post-timestamp">Updated 3 hours ago</p>
      <p><span itemprop="datePublished">Tuesday</span></p>
      <div class="social-share"><p>Share on the network</p></div>
      <ol class="breadcrumb"><li>Home</li></ol>
      <table><tr><th>Year</th><td>2024 figures</td><td>The harbour reopened after the storm.</td></tr></table>
    </main>`;
    expect(findBlocks(document.body, 'es').map((b) => b.text)).toEqual(['Text with a link in it.', 'The harbour reopened after the storm.']);
  });

  it('keeps a page without an article marked: its header is all there is', () => {
    document.body.innerHTML = '<header><h1>The only title</h1></header><p>Some text.</p><footer><p>A closing note.</p></footer>';
    expect(findBlocks(document.body, 'es').map((b) => b.text)).toEqual(['The only title', 'Some text.', 'A closing note.']);
  });

  it('skips code, forms, editable and aria-hidden text, and what is already in the target language', () => {
    const found = findBlocks(loadPage('hostile-css').body, 'en');
    const ids = found.map((b) => b.element.id);
    expect(ids).toEqual(['title', 'p1', 'p2', 'p3', 'p7']);
    expect(found.every((b) => b.source === 'de')).toBe(true);
    // Into German, only the English paragraph is left to translate.
    expect(findBlocks(document.body, 'de').map((b) => b.element.id)).toEqual(['p6']);
  });

  it('knows a page written in the target language by its script when it declares none', () => {
    expect(texts('japanese', 'ja')).toEqual([]);
    const found = texts('japanese', 'en');
    expect(found).toContain('むかしむかし、ある野原に、はたらき者のアリたちと、歌の好きなキリギリスが住んでいました。');
  });

  it('takes the declared language of RTL and CJK pages as the source', () => {
    const rtl = findBlocks(loadPage('rtl').body, 'en');
    expect(rtl.length).toBeGreaterThan(3);
    expect(rtl.every((b) => b.source === 'ar')).toBe(true);
    expect(rtl.some((b) => b.text.includes('الأقسام') || b.text === 'الرئيسية')).toBe(false);
    expect(texts('rtl', 'ar')).toEqual([]);
    const chinese = findBlocks(loadPage('chinese').body, 'en');
    expect(chinese.length).toBeGreaterThan(3);
  });

  it('collapses whitespace and keeps only the innermost blocks', () => {
    document.body.innerHTML = '<ul><li><p>One\n   two</p></li><li>Three <code>x()</code> four<br>five</li></ul><blockquote><p>Quoted</p></blockquote>';
    expect(findBlocks(document.body, 'es').map((b) => b.text)).toEqual(['One two', 'Three x() four five', 'Quoted']);
  });

  it('leaves out blocks without letters and our own translations', () => {
    document.body.innerHTML = '<p>2026-02-11</p><p>Hello</p><voxlate-translation data-voxlate-translation><p>Hola</p></voxlate-translation>';
    expect(findBlocks(document.body, 'es').map((b) => b.text)).toEqual(['Hello']);
  });
});
