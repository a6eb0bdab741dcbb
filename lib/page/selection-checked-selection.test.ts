import { afterEach, describe, expect, it } from 'vitest';
import { readCheckedSelection } from './selection';

// @vitest-environment happy-dom

function selectContents(element: Element): void {
  const range = document.createRange();
  range.selectNodeContents(element);
  window.getSelection()!.removeAllRanges();
  window.getSelection()!.addRange(range);
}

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
});

const PAGE = `<main lang="en">
  <p id="chosen">The cat sleeps.<span style="opacity: 0"> Hidden words a page slipped in.</span></p>
  <p id="other">Another, much longer text the user never chose.</p>
</main>`;

describe('readCheckedSelection', () => {
  it('reads the page as before when the browser reported nothing (a keyboard shortcut)', () => {
    document.body.innerHTML = PAGE;
    selectContents(document.getElementById('other')!);
    expect(readCheckedSelection(window)).toMatchObject({ text: 'Another, much longer text the user never chose.' });
    expect(readCheckedSelection(window)!.reported).toBeUndefined();
  });

  it('uses the page selection when it is what was right-clicked, less the hidden text', () => {
    document.body.innerHTML = PAGE;
    selectContents(document.getElementById('chosen')!);
    const source = readCheckedSelection(window, 'The cat sleeps. Hidden words a page slipped in.\n')!;
    expect(source.text).toBe('The cat sleeps.');
    expect(source.reported).toBeUndefined();
  });

  it('uses what the browser reported when the page swapped the selection since, with nothing to highlight', () => {
    document.body.innerHTML = PAGE;
    selectContents(document.getElementById('other')!);
    const source = readCheckedSelection(window, '  The cat   sleeps.\n')!;
    expect(source).toMatchObject({ kind: 'selection', text: 'The cat sleeps.', reported: true, languageHint: null });
    expect(() => source.highlight(0, 7)).not.toThrow();
    expect(CSS.highlights?.get('voxlate-reading')?.size ?? 0).toBe(0);
  });

  it('uses what the browser reported when the page cleared the selection', () => {
    document.body.innerHTML = PAGE;
    expect(readCheckedSelection(window, 'The cat sleeps.')).toMatchObject({ text: 'The cat sleeps.', reported: true });
    expect(readCheckedSelection(window, ' \n ')).toBeNull();
  });

  it('never uses the text of a password field, even when the browser reports it', () => {
    document.body.innerHTML = '<input id="pw" type="password" value="hunter22">';
    const password = document.getElementById('pw') as HTMLInputElement;
    password.focus();
    password.setSelectionRange(0, 8);
    expect(readCheckedSelection(window, 'hunter22')).toBeNull();
  });

  it('checks a field selection against the report too', () => {
    document.body.innerHTML = '<textarea id="t">Buy milk. Call the plumber.</textarea>';
    const field = document.getElementById('t') as HTMLTextAreaElement;
    field.focus();
    field.setSelectionRange(0, 9);
    expect(readCheckedSelection(window, 'Buy milk.')).toMatchObject({ kind: 'field', text: 'Buy milk.' });
    expect(readCheckedSelection(window, 'Call the plumber.')).toMatchObject({ kind: 'selection', text: 'Call the plumber.', reported: true });
  });
});
