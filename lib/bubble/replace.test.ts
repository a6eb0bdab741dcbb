// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureEditableTarget, captureWrittenText, replaceSelection } from './replace';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function selectIn(node: Node, start: number, end: number) {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

describe('captureEditableTarget', () => {
  it('captures the selected part of a focused textarea', () => {
    const area = document.createElement('textarea');
    area.value = 'Hello world';
    document.body.append(area);
    area.focus();
    area.setSelectionRange(6, 11);
    expect(captureEditableTarget(window)).toEqual({ kind: 'field', element: area, start: 6, end: 11 });
  });

  it('refuses read-only fields and ordinary text', () => {
    const input = document.createElement('input');
    input.value = 'Hello';
    input.readOnly = true;
    document.body.append(input);
    input.focus();
    input.setSelectionRange(0, 5);
    expect(captureEditableTarget(window)).toBeNull();
    input.blur();
    const p = document.createElement('p');
    p.textContent = 'Plain text';
    document.body.append(p);
    selectIn(p.firstChild!, 0, 5);
    expect(captureEditableTarget(window)).toBeNull();
  });

  it('captures a selection inside a contenteditable element', () => {
    const div = document.createElement('div');
    div.contentEditable = 'true';
    div.innerHTML = '<p>Hello <b>world</b></p>';
    document.body.append(div);
    selectIn(div.querySelector('b')!.firstChild!, 0, 5);
    const target = captureEditableTarget(window);
    expect(target?.kind).toBe('editable');
  });
});

describe('replaceSelection', () => {
  it('replaces in a field with the undoable insertText command after restoring the selection', async () => {
    const area = document.createElement('textarea');
    area.value = 'Hello world';
    document.body.append(area);
    const exec = vi.fn((_cmd: string, _ui: boolean, text: string) => {
      // What the browser does: replace the current selection.
      area.setRangeText(text, area.selectionStart!, area.selectionEnd!, 'end');
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    try {
      expect(await replaceSelection({ kind: 'field', element: area, start: 6, end: 11 }, 'mundo')).toBe(true);
    } finally {
      delete (document as { execCommand?: unknown }).execCommand;
    }
    expect(exec).toHaveBeenCalledWith('insertText', false, 'mundo');
    expect(area.value).toBe('Hello mundo');
    expect(document.activeElement).toBe(area);
  });

  it('falls back to setRangeText and an input event where insertText does nothing', async () => {
    const input = document.createElement('input');
    input.value = 'Hello world';
    document.body.append(input);
    const onInput = vi.fn();
    input.addEventListener('input', onInput);
    expect(await replaceSelection({ kind: 'field', element: input, start: 0, end: 5 }, 'Hola')).toBe(true);
    expect(input.value).toBe('Hola world');
    expect(onInput).toHaveBeenCalledOnce();
  });

  it('replaces in a contenteditable element, as text', async () => {
    const div = document.createElement('div');
    div.contentEditable = 'true';
    div.textContent = 'Hello world';
    document.body.append(div);
    const onInput = vi.fn();
    div.addEventListener('input', onInput);
    selectIn(div.firstChild!, 6, 11);
    const target = captureEditableTarget(window)!;
    expect(await replaceSelection(target, '<i>mundo</i>')).toBe(true);
    expect(div.textContent).toBe('Hello <i>mundo</i>');
    expect(div.querySelector('i')).toBeNull();
    expect(onInput).toHaveBeenCalledOnce();
  });

  it('refuses a field that went away', async () => {
    const input = document.createElement('input');
    expect(await replaceSelection({ kind: 'field', element: input, start: 0, end: 0 }, 'x')).toBe(false);
  });
});

describe('captureWrittenText: what the user wrote in the focused field', () => {
  it('takes the whole text of a focused textarea with nothing selected, and its selected part when there is one', () => {
    const area = document.createElement('textarea');
    area.value = '  Hola, ¿cómo estás?  ';
    document.body.append(area);
    area.focus();
    area.setSelectionRange(3, 3);
    expect(captureWrittenText(window)).toMatchObject({ text: 'Hola, ¿cómo estás?', target: { kind: 'field', element: area, start: 0, end: area.value.length } });
    area.setSelectionRange(2, 7);
    expect(captureWrittenText(window)).toMatchObject({ text: 'Hola,', target: { kind: 'field', start: 2, end: 7 } });
  });

  it('takes the whole text of a focused contenteditable editor', () => {
    const editor = document.createElement('div');
    editor.contentEditable = 'true';
    editor.innerHTML = '<p>Erste Zeile.</p><p>Zweite Zeile.</p>';
    document.body.append(editor);
    editor.focus();
    const written = captureWrittenText(window)!;
    expect(written.text.replace(/\s+/g, ' ')).toBe('Erste Zeile. Zweite Zeile.');
    expect(written.element).toBe(editor);
    expect(written.target.kind).toBe('editable');
  });

  it('never reads a sensitive field: a password, card details, a one-time code, or one the page marks', () => {
    const cases: [string, (input: HTMLInputElement) => void][] = [
      ['password', (i) => (i.type = 'password')],
      ['card number', (i) => i.setAttribute('autocomplete', 'cc-number')],
      ['one-time code', (i) => i.setAttribute('autocomplete', 'one-time-code')],
      ['new password as text', (i) => i.setAttribute('autocomplete', 'section-a new-password')],
      ['marked by the page', (i) => i.setAttribute('data-sensitive', '')],
    ];
    for (const [name, make] of cases) {
      document.body.innerHTML = '';
      const input = document.createElement('input');
      make(input);
      input.value = 'secret 4111 1111 1111 1111';
      document.body.append(input);
      input.focus();
      expect(captureWrittenText(window), name).toBeNull();
      if (input.type !== 'password') input.setSelectionRange(0, 6);
      expect(captureEditableTarget(window), name).toBeNull();
    }
    // Inside a block the page keeps out of recordings.
    document.body.innerHTML = '<div data-private><div contenteditable="true">Private note</div></div>';
    (document.querySelector('[contenteditable]') as HTMLElement).focus();
    expect(captureWrittenText(window)).toBeNull();
  });

  it('is null with the focus on no editable field, or on an empty or read-only one', () => {
    expect(captureWrittenText(window)).toBeNull();
    const input = document.createElement('input');
    input.value = '   ';
    document.body.append(input);
    input.focus();
    expect(captureWrittenText(window)).toBeNull();
    input.value = 'Hello';
    input.readOnly = true;
    expect(captureWrittenText(window)).toBeNull();
  });
});
