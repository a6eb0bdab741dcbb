import { afterEach, describe, expect, it } from 'vitest';
import { offsetAtCaret } from './caret';
import { appendVisibleText, TextMapBuilder, type TextMap } from './text-map';

// @vitest-environment happy-dom

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
});

function mapOf(root: Node): TextMap {
  const builder = new TextMapBuilder();
  appendVisibleText(builder, root);
  return builder.build();
}

const textOf = (id: string) => document.getElementById(id)!.firstChild!;

describe('offsetAtCaret', () => {
  it('maps a caret inside the text to the same character of the built text', () => {
    document.body.innerHTML = '<nav id="nav">Menu</nav><main id="main"><p id="a">One two.</p><p id="b">Three <b id="bold">four</b> five.</p></main>';
    const map = mapOf(document.getElementById('main')!);
    expect(map.text).toBe('One two.\n\nThree four five.');
    expect(offsetAtCaret(map, { node: textOf('a'), offset: 4 })).toBe(4);
    expect(offsetAtCaret(map, { node: textOf('bold'), offset: 2 })).toBe(map.text.indexOf('four') + 2);
    expect(offsetAtCaret(map, { node: textOf('b'), offset: 0 })).toBe(map.text.indexOf('Three'));
  });

  it('takes the next mapped text for a caret outside it, and null after all of it', () => {
    document.body.innerHTML = '<nav id="nav">Menu</nav><main id="main"><p id="a">One two.</p></main><footer id="foot">Bye</footer>';
    const map = mapOf(document.getElementById('main')!);
    // In the menu above the article: the article's start.
    expect(offsetAtCaret(map, { node: textOf('nav'), offset: 2 })).toBe(0);
    // Between elements (a caret in an element, by child index).
    expect(offsetAtCaret(map, { node: document.body, offset: 1 })).toBe(0);
    expect(offsetAtCaret(map, { node: textOf('foot'), offset: 1 })).toBeNull();
  });

  it('skips what the page removed since the text was read', () => {
    document.body.innerHTML = '<p id="a">One two.</p><p id="b">Three four.</p>';
    const map = mapOf(document.body);
    document.getElementById('a')!.remove();
    expect(offsetAtCaret(map, { node: textOf('b'), offset: 2 })).toBe(map.text.indexOf('Three') + 2);
  });
});
