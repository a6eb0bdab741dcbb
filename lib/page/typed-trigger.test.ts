// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endsWithTrigger, textBeforeCaret, watchTypedTrigger } from './typed-trigger';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('endsWithTrigger', () => {
  it('is three spaces (or no-break spaces) after something written, not a fourth, not only spaces, not a full-width space', () => {
    expect(endsWithTrigger('s   ')).toBe(true);
    expect(endsWithTrigger('s \u00a0 ')).toBe(true);
    expect(endsWithTrigger('    ')).toBe(false);
    expect(endsWithTrigger('   ')).toBe(false);
    expect(endsWithTrigger('s  ')).toBe(false);
    expect(endsWithTrigger('s\u3000\u3000\u3000')).toBe(false);
  });
});

describe('watchTypedTrigger', () => {
  const setUp = (html: string) => {
    document.body.innerHTML = html;
    const onTrigger = vi.fn();
    const stop = new AbortController();
    watchTypedTrigger(window, onTrigger, stop.signal);
    return { onTrigger, stop };
  };
  const typeInto = (field: HTMLTextAreaElement | HTMLInputElement, value: string) => {
    field.focus();
    field.value = value;
    field.setSelectionRange(value.length, value.length);
  };
  const keyup = (init: KeyboardEventInit = {}) => document.activeElement!.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true, composed: true, ...init }));

  it('asks when the third space is typed at the caret, once, and not for a fourth', () => {
    const { onTrigger } = setUp('<textarea></textarea>');
    const box = document.querySelector('textarea')!;
    typeInto(box, 'Thank you  ');
    keyup();
    expect(onTrigger).not.toHaveBeenCalled();
    typeInto(box, 'Thank you   ');
    keyup();
    expect(onTrigger).toHaveBeenCalledOnce();
    typeInto(box, 'Thank you    ');
    keyup();
    expect(onTrigger).toHaveBeenCalledOnce();
  });

  it('never while an input method composes, by its events or the key it took', () => {
    const { onTrigger } = setUp('<textarea></textarea>');
    const box = document.querySelector('textarea')!;
    typeInto(box, 'ありがとう   ');
    box.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
    keyup();
    expect(onTrigger).not.toHaveBeenCalled();
    box.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true }));
    keyup({ isComposing: true });
    keyup({ keyCode: 229 } as KeyboardEventInit);
    expect(onTrigger).not.toHaveBeenCalled();
    keyup();
    expect(onTrigger).toHaveBeenCalledOnce();
  });

  it('never in a password or a field marked sensitive, nor with text selected, nor once stopped', () => {
    const { onTrigger, stop } = setUp('<input type="password"><div data-private><textarea></textarea></div><textarea id="open"></textarea>');
    typeInto(document.querySelector('input')!, 'my secret   ');
    keyup();
    typeInto(document.querySelector('[data-private] textarea')!, 'private words   ');
    keyup();
    const open = document.querySelector<HTMLTextAreaElement>('#open')!;
    typeInto(open, 'Thank you   ');
    open.setSelectionRange(0, 5);
    keyup();
    expect(onTrigger).not.toHaveBeenCalled();
    stop.abort();
    typeInto(open, 'Thank you   ');
    keyup();
    expect(onTrigger).not.toHaveBeenCalled();
  });

  it('reads the caret of a contenteditable', () => {
    const { onTrigger } = setUp('<div contenteditable="true">Gracias&nbsp; &nbsp;y más</div>');
    const editor = document.querySelector<HTMLElement>('[contenteditable]')!;
    editor.focus();
    const text = editor.firstChild!;
    getSelection()!.collapse(text, 'Gracias   '.length);
    expect(textBeforeCaret(document, 4)).toBe('s\u00a0 \u00a0');
    keyup();
    expect(onTrigger).toHaveBeenCalledOnce();
  });
});
