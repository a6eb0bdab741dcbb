import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSelection, selectionTextMap } from './selection';
import { rangeForText } from './text-map';

// @vitest-environment happy-dom

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function select(start: Node, startOffset: number, end: Node, endOffset: number): Range {
  const range = document.createRange();
  range.setStart(start, startOffset);
  range.setEnd(end, endOffset);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  return range;
}

function selectContents(element: Element): Range {
  const range = document.createRange();
  range.selectNodeContents(element);
  window.getSelection()!.removeAllRanges();
  window.getSelection()!.addRange(range);
  return range;
}

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
});

describe('readSelection', () => {
  it('returns null when nothing or only whitespace is selected', () => {
    document.body.innerHTML = '<p id="p">Hello</p><p id="blank">   </p>';
    expect(readSelection(window)).toBeNull();
    selectContents(document.getElementById('blank')!);
    expect(readSelection(window)).toBeNull();
  });

  it('collapses whitespace, keeps block boundaries as breaks and skips hidden text and scripts', () => {
    document.body.innerHTML = `<main id="m" lang="fr-FR">
      <h2>Le   titre</h2>
      <p>Première <b>phrase</b>.<script>var secret = 1;</script><style>p{}</style></p>
      <p>Ligne un<br>ligne deux</p>
      <p hidden>caché un</p><p style="display:none">caché deux</p><span style="visibility:hidden">caché trois</span>
      <ul><li>un</li><li>deux</li></ul>
    </main>`;
    document.title = 'Page';
    selectContents(document.getElementById('m')!);
    const source = readSelection(window)!;
    expect(source.kind).toBe('selection');
    expect(source.text).toBe('Le titre\n\nPremière phrase.\n\nLigne un\nligne deux\n\nun\ndeux');
    expect(source.title).toBe('Page');
    expect(source.languageHint).toBe('fr');
  });

  it('reads no style outside a selection across paragraphs, whose common ancestor is the whole article (issue 41)', () => {
    document.body.innerHTML =
      '<article><p id="before">Before <a href="#">it</a>.</p><p id="a">First one.</p><p id="b">Second <span hidden>x</span>one.</p><p id="after">After <b>it</b>.</p></article>';
    const looked: Element[] = [];
    const styleOf = window.getComputedStyle.bind(window);
    const spy = vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
      looked.push(element);
      return styleOf(element, pseudo);
    });
    try {
      select(document.getElementById('a')!.firstChild!, 0, document.getElementById('b')!.lastChild!, 4);
      const read = readSelection(window)!;
      expect(read.text).toBe('First one.\n\nSecond one.');
      expect(read.gaps).toEqual([18]);
      const outside = ['before', 'after'].map((id) => document.getElementById(id)!);
      expect(looked.filter((element) => outside.some((o) => o.contains(element)))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it('takes only the selected part of the first and last text nodes', () => {
    document.body.innerHTML = '<p id="a">Alpha beta gamma.</p><p id="b">Delta epsilon.</p>';
    const a = document.getElementById('a')!.firstChild!;
    const b = document.getElementById('b')!.firstChild!;
    select(a, 6, b, 5);
    expect(readSelection(window)!.text).toBe('beta gamma.\n\nDelta');
  });

  it('maps every sentence back to a Range with the same text', () => {
    document.body.innerHTML = `<article id="art">
      <p>First   sentence here. Second <em>one, with</em> <a href="#">a link</a>.</p>
      <div>Third
        sentence across
        lines.</div>
    </article>`;
    const ranges = [selectContents(document.getElementById('art')!)];
    const map = selectionTextMap(ranges);
    for (const sentence of ['First sentence here.', 'Second one, with a link.', 'Third sentence across lines.', 'one, with a']) {
      const start = map.text.indexOf(sentence);
      expect(start).toBeGreaterThanOrEqual(0);
      const range = rangeForText(map, start, start + sentence.length)!;
      expect(range).not.toBeNull();
      expect(squash(range.toString())).toBe(sentence);
    }
    // Every single character maps too, including collapsed spaces.
    for (let i = 0; i < map.text.length; i++) {
      const range = rangeForText(map, i, i + 1);
      if (map.text[i] === '\n') expect(range).toBeNull();
      else expect(squash(range!.toString()) || ' ').toBe(map.text[i]);
    }
  });

  it('ignores offsets that map to nothing', () => {
    document.body.innerHTML = '<p id="a">One.</p><p>Two.</p>';
    const map = selectionTextMap([selectContents(document.body)]);
    expect(map.text).toBe('One.\n\nTwo.');
    expect(rangeForText(map, 4, 6)).toBeNull();
    expect(rangeForText(map, 50, 60)).toBeNull();
    expect(rangeForText(map, 3, 3)).toBeNull();
    // Range text has no line breaks between blocks; compare without whitespace.
    expect(rangeForText(map, -5, 100)!.toString().replace(/\s/g, '')).toBe('One.Two.');
    const source = readSelection(window)!;
    expect(() => source.highlight(4, 6)).not.toThrow();
    expect(() => source.highlight(0, 4)).not.toThrow();
    expect(() => source.clearHighlight()).not.toThrow();
  });

  it('reads the selection inside a textarea as a field', () => {
    document.body.innerHTML = '<div lang="de"><textarea id="t">  Guten Tag. Wie geht es?  </textarea></div><p>page text</p>';
    const field = document.getElementById('t') as HTMLTextAreaElement;
    field.focus();
    field.setSelectionRange(0, field.value.length);
    const source = readSelection(window)!;
    expect(source.kind).toBe('field');
    expect(source.text).toBe('Guten Tag. Wie geht es?');
    expect(source.languageHint).toBe('de');
  });

  it('reads part of an input, and never a password', () => {
    document.body.innerHTML = '<input id="i" value="search for cats"><input id="pw" type="password" value="hunter22">';
    const input = document.getElementById('i') as HTMLInputElement;
    input.focus();
    input.setSelectionRange(11, 15);
    expect(readSelection(window)!.text).toBe('cats');
    const password = document.getElementById('pw') as HTMLInputElement;
    password.focus();
    password.setSelectionRange(0, 8);
    expect(readSelection(window)).toBeNull();
  });

  it('shows the sentence being read in a field next to it, in a closed shadow root', () => {
    document.body.innerHTML = '<textarea id="t">One. Two.</textarea>';
    const field = document.getElementById('t') as HTMLTextAreaElement;
    field.focus();
    field.setSelectionRange(0, 9);
    const source = readSelection(window)!;
    const before = document.documentElement.children.length;
    source.highlight(5, 9);
    const host = document.documentElement.lastElementChild!;
    expect(document.documentElement.children.length).toBe(before + 1);
    expect(host.shadowRoot).toBeNull();
    source.highlight(0, 4);
    expect(document.documentElement.children.length).toBe(before + 1);
    source.clearHighlight();
    expect(document.documentElement.children.length).toBe(before);
  });
});
