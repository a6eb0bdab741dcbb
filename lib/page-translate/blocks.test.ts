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
    expect(found.slice(0, 2)).toEqual(['Local', 'A Port City Turns Its Old Ferry Terminal Into a Library']);
    expect(found.some((t) => t.startsWith('HARWICK — For almost ninety years'))).toBe(true);
    expect(found.some((t) => t.includes('The former departure hall now holds the reading room.'))).toBe(true);
    for (const chrome of ['World', 'Share this article', 'Subscribe for $1 a week', 'Search the Courier']) {
      expect(found.some((t) => t.includes(chrome))).toBe(false);
    }
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
