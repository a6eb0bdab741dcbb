import { afterEach, describe, expect, it } from 'vitest';
import { caretOf } from './caret';
import { readFromHere, readPageText, watchContextMenu } from './from-here';
import { mappedSource } from './highlight';
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

describe('readFromHere', () => {
  it('reads the article from the caret, with the page text when there is no article', () => {
    document.body.innerHTML = '<p id="a">One two.</p><p id="b">Three four.</p>';
    const selection = window.getSelection()!;
    selection.collapse(textOf('b'), 3);
    const here = readFromHere(document, null, caretOf(window))!;
    expect(here.source.text).toBe('One two.\n\nThree four.');
    expect(here.startOffset).toBe(here.source.text.indexOf('Three') + 3);
  });

  it('uses the article reader when the article script is there', () => {
    document.body.innerHTML = '<nav id="nav">Menu</nav><article id="art"><p id="a">One two.</p></article>';
    const article = (doc: Document) => mappedSource('article', mapOf(doc.getElementById('art')!), { doc, title: 'T', languageHint: null });
    const here = readFromHere(document, article, { node: textOf('a'), offset: 4 })!;
    expect(here.source.text).toBe('One two.');
    expect(here.startOffset).toBe(4);
  });

  it('starts at the beginning without a caret, and at the end after all of the text', () => {
    document.body.innerHTML = '<p id="a">One two.</p><footer id="foot">x</footer>';
    const page = (doc: Document) => mappedSource('article', mapOf(doc.getElementById('a')!), { doc, title: '', languageHint: null });
    expect(readFromHere(document, page, null)!.startOffset).toBe(0);
    expect(readFromHere(document, page, { node: textOf('foot'), offset: 0 })!.startOffset).toBe('One two.'.length);
  });

  it('has nothing to read on an empty page', () => {
    expect(readPageText(document)).toBeNull();
  });
});

describe('watchContextMenu', () => {
  it('prefers a fresh right-click place to the caret, and forgets it after a while', () => {
    document.body.innerHTML = '<p id="a">One two.</p>';
    window.getSelection()!.collapse(textOf('a'), 1);
    let now = 1_000;
    const controller = new AbortController();
    const caret = watchContextMenu(window, controller.signal, () => now);
    expect(caret()).toEqual({ node: textOf('a'), offset: 1 });
    const place = { node: textOf('a'), offset: 5 };
    document.caretPositionFromPoint = () => ({ offsetNode: place.node, offset: place.offset }) as unknown as CaretPosition;
    window.dispatchEvent(new MouseEvent('contextmenu', { clientX: 10, clientY: 10 }));
    expect(caret()).toEqual(place);
    now += 60_000;
    expect(caret()).toEqual({ node: textOf('a'), offset: 1 });
    controller.abort();
  });
});
