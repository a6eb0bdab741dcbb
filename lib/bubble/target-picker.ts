/** What the picker offers and whom it tells about a choice. */
export interface TargetPickerOptions {
  languages: readonly { code: string; name: string; native: string }[];
  /** Code of the language selected (and already translated into) at the start. */
  target: string;
  /** A new language was chosen explicitly. */
  onCommit(code: string): void;
  /** Whether leaving the picker for `next` counts as a choice (not when it goes to Close). */
  commitOnLeave(next: EventTarget | null): boolean;
  /** Removes the listeners: after it, nothing more is committed (not even by the blur of removal). */
  signal: AbortSignal;
}

/** The picker's element and the way to move it without a commit. */
export interface TargetPicker {
  select: HTMLSelectElement;
  /** Shows `code` as chosen and already translated. */
  setValue(code: string): void;
}

/**
 * The target-language `<select>`. A closed select fires `change` on every arrow key and
 * type-ahead letter, and each change would be a paid translation, so the picker commits only on an
 * explicit choice: Enter, a pick from the opened list, or leaving it on a language other than
 * the last one committed.
 */
export function createTargetPicker(doc: Document, opts: TargetPickerOptions): TargetPicker {
  const select = doc.createElement('select');
  for (const language of opts.languages) {
    const option = doc.createElement('option');
    option.value = language.code;
    option.textContent = language.native === language.name ? language.name : `${language.native} (${language.name})`;
    select.append(option);
  }
  select.value = opts.target;
  let committed = opts.target;
  // A change that happens while a key is down on the closed select is browsing, not choosing.
  // Keys pressed in the opened list go to the list itself, so its Enter still commits by `change`.
  let browsing = false;
  const commit = () => {
    browsing = false;
    if (select.value === committed) return;
    committed = select.value;
    opts.onCommit(committed);
  };
  const listen = { signal: opts.signal };
  select.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') commit();
    else browsing = true;
  }, listen);
  select.addEventListener('keyup', () => (browsing = false), listen);
  select.addEventListener('change', () => browsing || commit(), listen);
  select.addEventListener('blur', (event) => {
    browsing = false;
    if (opts.commitOnLeave(event.relatedTarget)) commit();
  }, listen);
  return {
    select,
    setValue(code) {
      select.value = code;
      committed = code;
    },
  };
}
