// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureEditableTarget, captureWrittenText, EDITOR_RENDER_MS, EDITOR_UNDO_STEP_MS, replaceSelection, type EditableTarget } from './replace';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** An editor's replacement, on a clock that runs past the wait it keeps after the user asked. */
async function replaceInEditor(target: EditableTarget, text: string): Promise<boolean> {
  const done = replaceSelection(target, text);
  await vi.advanceTimersByTimeAsync(EDITOR_UNDO_STEP_MS + EDITOR_RENDER_MS + 200);
  return done;
}

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
    vi.useFakeTimers();
    const target = captureEditableTarget(window)!;
    expect(await replaceInEditor(target, '<i>mundo</i>')).toBe(true);
    expect(div.textContent).toBe('Hello <i>mundo</i>');
    expect(div.querySelector('i')).toBeNull();
    expect(onInput).toHaveBeenCalledOnce();
  });

  describe('in a contenteditable editor', () => {
    /** happy-dom has no StaticRange: a stand-in that keeps what it was made with. */
    const made: StaticRangeInit[] = [];
    function withStaticRange() {
      made.length = 0;
      vi.stubGlobal('StaticRange', class { constructor(init: StaticRangeInit) { made.push(init); } });
    }
    function editor() {
      const div = document.createElement('div');
      div.contentEditable = 'true';
      div.textContent = 'Hello world';
      document.body.append(div);
      selectIn(div.firstChild!, 6, 11);
      return div;
    }
    function spyExecCommand() {
      const exec = vi.fn(() => true);
      Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
      return exec;
    }
    afterEach(() => {
      window.getSelection()!.removeAllRanges();
      vi.unstubAllGlobals();
      delete (document as { execCommand?: unknown }).execCommand;
    });

    it('offers the edit to an editor that makes its own edits from beforeinput (Slate), and does nothing more when it takes it', async () => {
      withStaticRange();
      const div = editor();
      vi.useFakeTimers();
      const target = captureEditableTarget(window)!;
      const seen: InputEvent[] = [];
      div.addEventListener('beforeinput', (event) => {
        seen.push(event);
        event.preventDefault();
        div.textContent = 'Hello mundo';
      });
      const exec = spyExecCommand();
      expect(await replaceInEditor(target, 'mundo')).toBe(true);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ inputType: 'insertText', data: 'mundo', cancelable: true, bubbles: true });
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ startContainer: div.firstChild, startOffset: 6, endOffset: 11 });
      expect(exec).not.toHaveBeenCalled();
      expect(div.textContent).toBe('Hello mundo');
    });

    it('then offers it as a textInput, of which React makes onBeforeInput (Draft.js), when no editor took the beforeinput', async () => {
      withStaticRange();
      const div = editor();
      vi.useFakeTimers();
      const target = captureEditableTarget(window)!;
      // happy-dom has no TextEvent: one that keeps what it was made with (only textInput is ever made).
      const made: unknown[][] = [];
      const createEvent = document.createEvent.bind(document);
      vi.spyOn(document, 'createEvent').mockImplementation((kind: string) =>
        kind === 'TextEvent'
          ? Object.assign(new Event('textInput', { bubbles: true, cancelable: true }), { initTextEvent: (...args: unknown[]) => made.push(args) })
          : createEvent(kind),
      );
      const types: string[] = [];
      div.addEventListener('beforeinput', (event) => types.push(event.type));
      div.addEventListener('textInput', (event) => {
        types.push(event.type);
        event.preventDefault();
        // React renders the editor's new state in a later task.
        setTimeout(() => (div.textContent = 'Hello mundo'), 50);
      });
      const exec = spyExecCommand();
      expect(await replaceInEditor(target, 'mundo')).toBe(true);
      expect(made).toEqual([['textInput', true, true, window, 'mundo']]);
      expect(types).toEqual(['beforeinput', 'textInput']);
      expect(exec).not.toHaveBeenCalled();
    });

    it('counts an edit an editor made in blocks of its own (lines whose text joins without a break) as put in place', async () => {
      withStaticRange();
      const div = editor();
      vi.useFakeTimers();
      const target = captureEditableTarget(window)!;
      div.addEventListener('beforeinput', (event) => {
        event.preventDefault();
        setTimeout(() => (div.innerHTML = '<div>Hello mundo</div><div>y adiós</div>'), 50);
      });
      const exec = spyExecCommand();
      expect(await replaceInEditor(target, 'mundo\ny adiós')).toBe(true);
      expect(exec).not.toHaveBeenCalled();
    });

    it('says it was not put in place when the editor takes the beforeinput and never shows the text (it refused it)', async () => {
      withStaticRange();
      const div = editor();
      vi.useFakeTimers();
      const target = captureEditableTarget(window)!;
      div.addEventListener('beforeinput', (event) => event.preventDefault());
      const exec = spyExecCommand();
      expect(await replaceInEditor(target, 'mundo')).toBe(false);
      // It took the edit: not made again behind its back.
      expect(exec).not.toHaveBeenCalled();
      expect(div.textContent).toBe('Hello world');
    });

    it('edits with insertText when no editor takes the beforeinput', async () => {
      withStaticRange();
      const div = editor();
      vi.useFakeTimers();
      const target = captureEditableTarget(window)!;
      const onBeforeInput = vi.fn();
      div.addEventListener('beforeinput', onBeforeInput);
      const exec = spyExecCommand();
      expect(await replaceInEditor(target, 'mundo')).toBe(true);
      expect(onBeforeInput).toHaveBeenCalledOnce();
      expect(exec).toHaveBeenCalledExactlyOnceWith('insertText', false, 'mundo');
    });
  });

  it('edits an editor no sooner than a second after the user asked, so the edit is not folded into the undo step of what was typed (Quill)', async () => {
    const div = document.createElement('div');
    div.contentEditable = 'true';
    div.textContent = 'Hello world';
    document.body.append(div);
    selectIn(div.firstChild!, 6, 11);
    vi.useFakeTimers();
    const target = captureEditableTarget(window)!;
    const onInput = vi.fn();
    div.addEventListener('input', onInput);
    const done = replaceSelection(target, 'mundo');
    await vi.advanceTimersByTimeAsync(EDITOR_UNDO_STEP_MS - 1);
    expect(div.textContent).toBe('Hello world');
    await vi.advanceTimersByTimeAsync(200);
    expect(await done).toBe(true);
    expect(div.textContent).toBe('Hello mundo');
    expect(onInput).toHaveBeenCalledOnce();
    // Asked long enough ago (the card read, then Replace): no wait beyond the browser's selectionchange.
    selectIn(div.firstChild!, 0, 5);
    const later = captureEditableTarget(window)!;
    await vi.advanceTimersByTimeAsync(EDITOR_UNDO_STEP_MS);
    const again = replaceSelection(later, 'Hola');
    await vi.advanceTimersByTimeAsync(150);
    expect(await again).toBe(true);
    expect(div.textContent).toBe('Hola mundo');
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
