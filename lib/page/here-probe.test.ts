import { afterEach, describe, expect, it } from 'vitest';
import { probeHere } from './here-probe';
import { watchContextMenu } from './from-here';

// @vitest-environment happy-dom

const LONG = 'The tide mill stood at the mouth of the creek for three centuries. It ground corn for the whole parish. Its wheel turned twice a day.';

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
});

function clickIn(id: string, offset: number): void {
  window.getSelection()!.collapse(document.getElementById(id)!.firstChild!, offset);
}

describe('probeHere', () => {
  it('answers with the clicked paragraph, the place in it and how much of the page follows', () => {
    document.documentElement.lang = 'en-GB';
    document.body.innerHTML = `<main><p id="a">${LONG}</p><p id="b">More text after it.</p></main>`;
    clickIn('a', LONG.indexOf('It ground') + 3);
    const probe = probeHere(window)!;
    expect(probe).toMatchObject({ text: LONG, startOffset: LONG.indexOf('It ground') + 3, pageLanguage: 'en' });
    expect(probe.restChars).toBeGreaterThanOrEqual(LONG.length + 'More text after it.'.length);
  });

  it('leaves hidden text out as the article does', () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = `<p id="a">${LONG}<span style="display:none"> Hidden words.</span></p>`;
    clickIn('a', 5);
    expect(probeHere(window)?.text).toBe(LONG);
  });

  it('takes a fresh right-click place over the caret', () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = `<p id="a">${LONG}</p>`;
    clickIn('a', 2);
    const controller = new AbortController();
    watchContextMenu(window, controller.signal);
    const caret = document.getElementById('a')!.firstChild!;
    const at = LONG.indexOf('Its wheel');
    document.caretRangeFromPoint = () => {
      const range = document.createRange();
      range.setStart(caret, at);
      return range;
    };
    window.dispatchEvent(new MouseEvent('contextmenu', { clientX: 1, clientY: 1 }));
    expect(probeHere(window)?.startOffset).toBe(at);
    controller.abort();
  });

  it.each([
    ['a page that declares no language', `<p id="a">${LONG}</p>`, null],
    ['a paragraph in navigation', `<nav><p id="a">${LONG}</p></nav>`, 'en'],
    ['a paragraph in a table', `<table><tr><td><p id="a">${LONG}</p></td></tr></table>`, 'en'],
    ['a short paragraph', '<p id="a">Share this.</p>', 'en'],
    ['a paragraph with code in it', `<p id="a">${LONG} Run <code>make all</code> first.</p>`, 'en'],
    ['a paragraph in another language', `<p id="a" lang="fr">${LONG}</p>`, 'en'],
    ['text outside any paragraph', `<div id="a">${LONG}</div>`, 'en'],
  ])('is none for %s', (_, html, lang) => {
    if (lang) document.documentElement.lang = lang;
    document.body.innerHTML = html;
    clickIn('a', 3);
    expect(probeHere(window)).toBeNull();
  });

  it('is none without a click', () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = `<p id="a">${LONG}</p>`;
    expect(probeHere(window)).toBeNull();
  });
});
