// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mappedSource } from '../highlight';
import { TextMapBuilder } from '../text-map';
import { paragraphAt, sentenceAtOffset } from './paragraphs';

/** The reading's text built from the page's blocks, as the article reader builds it (paragraph breaks between blocks). */
function readPage(html: string) {
  document.body.innerHTML = html;
  const builder = new TextMapBuilder();
  for (const block of document.querySelectorAll('h1, p, li')) {
    builder.addBreak(2);
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) builder.addText(node as Text, (node as Text).data);
  }
  const map = builder.build();
  const source = mappedSource('article', map, { doc: document, title: '', languageHint: null });
  // One sentence per ". "-ended piece, as [start, end) in the text.
  const sentences: [number, number][] = [];
  for (const m of map.text.matchAll(/[^.\n]+\.?/g)) if (m[0].trim()) sentences.push([m.index, m.index + m[0].length]);
  return { source, sentences, text: map.text };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('paragraphAt', () => {
  const page = `
    <article>
      <h1>Title</h1>
      <p id="one">First one. <a href="#">Second</a> one.</p>
      <p id="two">Third one. Fourth one.</p>
      <ul><li id="item">Fifth one.</li></ul>
    </article>
    <nav><p id="nav">Not read.</p></nav>`;

  it('finds the paragraph under the pointer and the first sentence of the reading in it', () => {
    const { source, sentences, text } = readPage(page);
    const at = (id: string) => paragraphAt(document.getElementById(id)!, source as never, sentences);
    expect(at('two')).toEqual({ element: document.getElementById('two'), sentence: 3 });
    expect(text.slice(...sentences[3]!)).toBe('Third one.');
    expect(at('item')?.sentence).toBe(5);
  });

  it('takes the block around an inline element (a link in a paragraph)', () => {
    const { source, sentences } = readPage(page);
    const link = document.querySelector('#one a')!;
    expect(paragraphAt(link, source as never, sentences)).toEqual({ element: document.getElementById('one'), sentence: 1 });
  });

  it('offers nothing over text the reading does not hold, containers of paragraphs, or the page itself', () => {
    const { source, sentences } = readPage(page);
    // The nav paragraph is not in the reading: readPage reads it too, so leave it out of the map.
    const without = { ...source, offsetIn: (el: Element) => (el.id === 'nav' ? null : source.offsetIn!(el)) };
    expect(paragraphAt(document.getElementById('nav')!, without as never, sentences)).toBeNull();
    expect(paragraphAt(document.querySelector('article')!, source as never, sentences)).toBeNull();
    expect(paragraphAt(document.body, source as never, sentences)).toBeNull();
  });
});

describe('sentenceAtOffset', () => {
  const sentences: [number, number][] = [[0, 10], [11, 20], [22, 30]];
  it('is the sentence holding the offset, or the next one between two', () => {
    expect(sentenceAtOffset(sentences, 0)).toBe(0);
    expect(sentenceAtOffset(sentences, 9)).toBe(0);
    expect(sentenceAtOffset(sentences, 10)).toBe(1);
    expect(sentenceAtOffset(sentences, 21)).toBe(2);
    expect(sentenceAtOffset(sentences, 30)).toBeNull();
    expect(sentenceAtOffset([], 0)).toBeNull();
  });
});
