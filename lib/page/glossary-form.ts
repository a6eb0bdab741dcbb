import { MAX_RENDERING } from '../glossary/entry';
import { t } from '../i18n';
import { createShadowHost, darkScheme, matchPageScheme, setShadowStyles } from './shadow-host';

/** What the user chose in the form: how the term is translated and said, and where. */
export interface GlossaryChoice {
  term: string;
  translate: 'keep' | 'fixed' | 'free';
  /** The fixed translation (mode `fixed`), else null. */
  translation: string | null;
  say: string | null;
  thisSite: boolean;
}

/** What the form opens with and what it does with the user's choice. */
export interface GlossaryFormOptions {
  term: string;
  /** The page's site, offered as "only on this site"; null: not offered. */
  site: string | null;
  /** What the term was translated as (the bubble's): "translate as" chosen, with it filled in. */
  translation?: string;
  /** Saves the choice; resolves to what went wrong, in the user's words, or null once it is saved. */
  onSave(choice: GlossaryChoice): Promise<string | null>;
  /** Closes the form when aborted (the content script's end). */
  signal?: AbortSignal;
  doc?: Document;
}

/** The form on the page, if any: one at a time. */
let current: { close(): void } | null = null;

/**
 * The small "add to the glossary" form (issue 40), in a closed shadow root at the top of the page:
 * keep the term as is, translate it as…, or like any word; optionally say it as…; optionally only
 * on this site. Every string is set as text. Saving sends the choice through `onSave` (the worker
 * checks it again); Cancel, Escape or `signal` close it.
 */
export function openGlossaryForm(opts: GlossaryFormOptions): { close(): void } {
  current?.close();
  const doc = opts.doc ?? document;
  const { root, host, remove } = createShadowHost(doc, 'voxlate-glossary');
  const cleanup = new AbortController();
  const form = { close() {
    cleanup.abort();
    remove();
    if (current === form) current = null;
  } };
  current = form;
  setShadowStyles(root, GLOSSARY_FORM_CSS);

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const card = el('form', 'card');
  card.setAttribute('role', 'dialog');
  const title = el('p', 'title', t('glossaryFormTitle', opts.term));
  title.id = 'voxlate-glossary-title';
  card.setAttribute('aria-labelledby', title.id);

  const how = el('fieldset', 'how');
  how.append(el('legend', undefined, t('glossaryFormHow')));
  const radio = (value: GlossaryChoice['translate'], label: string) => {
    const line = el('label', 'choice');
    const input = el('input');
    input.type = 'radio';
    input.name = 'translate';
    input.value = value;
    line.append(input, doc.createTextNode(` ${label}`));
    how.append(line);
    return input;
  };
  const keep = radio('keep', t('glossaryFormKeep'));
  const fixed = radio('fixed', t('glossaryFormTranslateAs'));
  const translation = el('input', 'text');
  translation.type = 'text';
  translation.maxLength = MAX_RENDERING;
  translation.setAttribute('aria-label', t('glossaryFormTranslation'));
  translation.value = opts.translation ?? '';
  fixed.parentElement!.append(translation);
  const free = radio('free', t('glossaryFormFree'));
  (opts.translation ? fixed : keep).checked = true;
  // Writing a translation means "translate as".
  translation.addEventListener('input', () => (fixed.checked = true), { signal: cleanup.signal });

  const sayLine = el('label', 'field', t('glossaryFormSayAs'));
  const say = el('input', 'text');
  say.type = 'text';
  say.maxLength = MAX_RENDERING;
  sayLine.append(say);

  const siteLine = el('label', 'choice');
  const thisSite = el('input');
  thisSite.type = 'checkbox';
  if (opts.site) {
    siteLine.append(thisSite, doc.createTextNode(` ${t('glossaryFormThisSite', opts.site)}`));
  }

  const problem = el('p', 'problem');
  problem.setAttribute('role', 'alert');
  const actions = el('div', 'actions');
  const save = el('button', 'primary', t('glossaryFormSave'));
  save.type = 'submit';
  const cancel = el('button', undefined, t('bubbleCancel'));
  cancel.type = 'button';
  cancel.addEventListener('click', () => form.close(), { signal: cleanup.signal });
  actions.append(save, cancel);
  card.append(title, how, sayLine, ...(opts.site ? [siteLine] : []), problem, actions);

  card.addEventListener('submit', (event) => {
    event.preventDefault();
    const mode = fixed.checked ? 'fixed' : free.checked ? 'free' : 'keep';
    const choice: GlossaryChoice = { term: opts.term, translate: mode, translation: mode === 'fixed' ? translation.value.trim() || null : null, say: say.value.trim() || null, thisSite: thisSite.checked };
    // What the worker would refuse is said here, beside the field to fill in.
    const missing = mode === 'fixed' && !choice.translation ? t('glossaryFormNeedTranslation') : mode === 'free' && !choice.say ? t('glossaryFormNeedSay') : null;
    if (missing) {
      problem.textContent = missing;
      (mode === 'fixed' ? translation : say).focus();
      return;
    }
    save.disabled = true;
    void opts.onSave(choice).then((error) => {
      save.disabled = false;
      if (error === null) form.close();
      else problem.textContent = error;
    });
  }, { signal: cleanup.signal });
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) form.close();
  }, { signal: cleanup.signal, capture: true });
  opts.signal?.addEventListener('abort', () => form.close(), { signal: cleanup.signal });
  // Typing in the form must not reach the page's own shortcuts.
  for (const type of ['keydown', 'keyup', 'keypress'] as const) root.addEventListener(type, (event) => event.stopPropagation(), { signal: cleanup.signal });

  root.append(card);
  matchPageScheme(host, card.getBoundingClientRect());
  (opts.translation ? translation : keep).focus();
  if (opts.signal?.aborted) form.close();
  return form;
}

/** Styles of the form: reset and sized in px inside the shadow root, as the notice's. */
const GLOSSARY_FORM_CSS = `
:host { all: initial; }
.card {
  all: initial; box-sizing: border-box; position: fixed; top: 16px; right: 16px; z-index: 2147483647;
  display: flex; flex-direction: column; gap: 10px; width: 360px; max-width: calc(100vw - 32px);
  padding: 14px 16px; border-radius: 8px; border: 1px solid #d0d4dc; border-left: 4px solid #2f6fde;
  background: #ffffff; color: #1b1e24; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.18);
  font: 400 14px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: start;
}
.title { all: initial; display: block; font: 600 14px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: inherit; overflow-wrap: anywhere; }
fieldset { all: initial; display: flex; flex-direction: column; gap: 6px; font: inherit; color: inherit; }
legend { all: initial; display: block; font: inherit; color: inherit; margin-bottom: 4px; }
.choice, .field { all: initial; display: flex; flex-wrap: wrap; align-items: center; gap: 6px; font: inherit; color: inherit; }
.field { flex-direction: column; align-items: stretch; gap: 4px; }
input[type="radio"], input[type="checkbox"] { all: revert; margin: 0; }
input.text {
  all: initial; box-sizing: border-box; flex: 1 1 140px; min-width: 0; padding: 4px 6px; border: 1px solid #8a909c; border-radius: 4px;
  font: 400 14px/20px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: inherit; background: transparent;
}
input:focus-visible { outline: 2px solid #2f6fde; outline-offset: 1px; }
.problem { all: initial; display: block; font: inherit; color: #c62828; }
.problem:empty { display: none; }
.actions { all: initial; display: flex; flex-wrap: wrap; gap: 8px; }
button {
  all: initial; box-sizing: border-box; cursor: pointer; font: 600 13px/18px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d4fb8; padding: 4px 10px; border-radius: 4px; border: 1px solid currentColor;
}
button.primary { background: #1d4fb8; color: #ffffff; border-color: #1d4fb8; }
button:disabled { opacity: 0.6; cursor: default; }
button:focus-visible { outline: 2px solid #2f6fde; outline-offset: 2px; }
${darkScheme(`
  .card { background: #23262d; color: #eceff4; border-color: #3d424d; border-left-color: #7aa7ff; }
  .problem { color: #ff7b72; }
  button { color: #9bbcff; }
  button.primary { background: #9bbcff; color: #10141b; border-color: #9bbcff; }
`)}
`;
