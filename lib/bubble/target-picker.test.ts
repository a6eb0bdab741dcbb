// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTargetPicker } from './target-picker';

const languages = [
  { code: 'en', name: 'English', native: 'English' },
  { code: 'es', name: 'Spanish', native: 'Español' },
  { code: 'fr', name: 'French', native: 'Français' },
  { code: 'sv', name: 'Swedish', native: 'Svenska' },
];

function picker(commitOnLeave: (next: EventTarget | null) => boolean = () => true) {
  const onCommit = vi.fn();
  const cleanup = new AbortController();
  const made = createTargetPicker(document, { languages, target: 'es', onCommit, commitOnLeave, signal: cleanup.signal });
  document.body.append(made.select);
  return { ...made, onCommit, cleanup };
}

/**
 * What Chromium does for a key on a closed select: keydown, the selection moves and `change`
 * fires during the keydown's default action, then keyup.
 */
function press(select: HTMLSelectElement, key: string, moveTo?: string) {
  select.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  if (moveTo) {
    select.value = moveTo;
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  select.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
}

/** A pick from the opened list (by mouse, or Enter inside the list): only `change` reaches the select. */
function pick(select: HTMLSelectElement, code: string) {
  select.value = code;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the target picker', () => {
  it('commits nothing while arrowing or typing ahead, then the language Enter chooses', () => {
    const { select, onCommit } = picker();
    press(select, 'ArrowDown', 'fr');
    press(select, 'ArrowDown', 'sv');
    press(select, 's', 'sv');
    press(select, 'ArrowUp', 'fr');
    expect(onCommit).not.toHaveBeenCalled();
    press(select, 'Enter');
    expect(onCommit.mock.calls).toEqual([['fr']]);
    // Enter again on the same language is not a new choice.
    press(select, 'Enter');
    expect(onCommit).toHaveBeenCalledOnce();
  });

  it('commits a pick from the opened list at once', () => {
    const { select, onCommit } = picker();
    pick(select, 'sv');
    expect(onCommit.mock.calls).toEqual([['sv']]);
  });

  it('commits when the user leaves it on another language, not when it is the one already shown', () => {
    const { select, onCommit } = picker();
    select.dispatchEvent(new FocusEvent('blur'));
    expect(onCommit).not.toHaveBeenCalled();
    press(select, 'ArrowDown', 'fr');
    press(select, 'Tab');
    select.dispatchEvent(new FocusEvent('blur'));
    expect(onCommit.mock.calls).toEqual([['fr']]);
  });

  it('does not commit when leaving for where the caller says it should not (Close)', () => {
    const close = document.createElement('button');
    const { select, onCommit } = picker((next) => next !== close);
    press(select, 'ArrowDown', 'fr');
    select.dispatchEvent(new FocusEvent('blur', { relatedTarget: close }));
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('setValue moves it without a commit, and what it set counts as already chosen', () => {
    const { select, onCommit, setValue } = picker();
    setValue('sv');
    expect(select.value).toBe('sv');
    select.dispatchEvent(new FocusEvent('blur'));
    press(select, 'Enter');
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('commits nothing after its signal ended (the blur of a bubble being removed)', () => {
    const { select, onCommit, cleanup } = picker();
    press(select, 'ArrowDown', 'fr');
    cleanup.abort();
    select.dispatchEvent(new FocusEvent('blur'));
    pick(select, 'sv');
    expect(onCommit).not.toHaveBeenCalled();
  });
});
