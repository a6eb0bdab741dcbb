import { fillLabel, type BubbleLabels } from './labels';

/** A finished translation as the bubble shows it. */
export interface BubbleResult {
  /** Set as text, never parsed as HTML. */
  translation: string;
  sourceName: string;
  targetCode: string;
  rtl: boolean;
  cost: number;
  cached: boolean;
  balance: number | null;
  /** What the user wrote, translated back into their language to check it; or the offer to; or why not. */
  back?: BubbleBack;
  /** Already put in place of what the user wrote (the option for short texts): says so, and offers no Replace. */
  replaced?: string;
  /** Replace was clicked and the page did not take it: says so (an alert), and offers no Replace again. */
  notReplaced?: string;
}

/** The translation of what the user wrote, back in their own language (text only). */
export type BubbleBack =
  | { kind: 'text'; text: string; heading: string; code: string; rtl: boolean }
  | { kind: 'offer'; label: string; onClick(): void }
  | { kind: 'failed'; message: string };

/** A failure as the bubble shows it: plain words and, when there is one, the next step. */
export interface BubbleError {
  message: string;
  action?: { label: string; onClick(): void };
}

/** The result's buttons; `replace` absent when the selection cannot be replaced. */
export interface ResultHandlers {
  copy(button: HTMLButtonElement): void;
  listen(): void;
  replace?: () => void;
  /** "Add to glossary…" for a short text (a word or a few); absent: not offered. */
  glossary?: { label: string; onClick(): void };
}

/** A real `<button type="button">` whose label is text. */
export function makeButton(doc: Document, label: string, onClick: (button: HTMLButtonElement) => void): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.addEventListener('click', () => onClick(button));
  return button;
}

/** The waiting state: a spinner and a polite status line screen readers announce. */
export function renderWaiting(doc: Document, labels: BubbleLabels, note?: string): HTMLElement {
  const status = doc.createElement('div');
  status.className = 'status';
  status.setAttribute('role', 'status');
  const spinner = doc.createElement('span');
  spinner.className = 'spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const text = doc.createElement('span');
  // What the wait is about once it lasts (the service is busy or slow), as text.
  text.textContent = note ? `${labels.waiting} ${note}` : labels.waiting;
  status.append(spinner, text);
  return status;
}

/**
 * The result: the translation (text only; dir=rtl for right-to-left targets, else auto), the source
 * language, what it cost, and the actions.
 */
export function renderResult(doc: Document, labels: BubbleLabels, r: BubbleResult, handlers: ResultHandlers): HTMLElement {
  const box = doc.createElement('div');
  box.className = 'body';
  const text = doc.createElement('p');
  text.className = 'translation';
  text.textContent = r.translation;
  text.dir = r.rtl ? 'rtl' : 'auto';
  text.lang = r.targetCode;
  // Focusable so focus can land on the result and a screen reader reads it first.
  text.tabIndex = 0;
  box.append(text);
  if (r.back) box.append(renderBack(doc, r.back));
  if (r.sourceName) box.append(meta(doc, fillLabel(labels.detected, { language: r.sourceName })));
  box.append(meta(doc, costLine(labels, r)));
  const actions = doc.createElement('div');
  actions.className = 'actions';
  actions.append(makeButton(doc, labels.copy, handlers.copy), makeButton(doc, labels.listen, () => handlers.listen()));
  const replace = handlers.replace;
  if (replace && !r.replaced && !r.notReplaced) actions.append(makeButton(doc, labels.replace, () => replace()));
  const glossary = handlers.glossary;
  if (glossary) actions.append(makeButton(doc, glossary.label, () => glossary.onClick()));
  box.append(actions);
  if (r.replaced) {
    const note = meta(doc, r.replaced);
    note.setAttribute('role', 'status');
    box.append(note);
  }
  if (r.notReplaced) {
    const note = meta(doc, r.notReplaced);
    note.setAttribute('role', 'alert');
    box.append(note);
  }
  return box;
}

/** The check of what the user wrote: its translation back (a labelled group), a button to get it, or why it failed. */
function renderBack(doc: Document, back: BubbleBack): HTMLElement {
  if (back.kind === 'offer') {
    const actions = doc.createElement('div');
    actions.className = 'actions';
    actions.append(makeButton(doc, back.label, () => back.onClick()));
    return actions;
  }
  if (back.kind === 'failed') return meta(doc, back.message);
  const group = doc.createElement('div');
  group.className = 'back';
  group.setAttribute('role', 'group');
  const heading = meta(doc, back.heading);
  heading.id = 'voxlate-back-heading';
  group.setAttribute('aria-labelledby', heading.id);
  const text = doc.createElement('p');
  text.className = 'back-text';
  text.textContent = back.text;
  text.dir = back.rtl ? 'rtl' : 'auto';
  text.lang = back.code;
  group.append(heading, text);
  return group;
}

/** The error: an alert with the message and the optional next step. */
export function renderError(doc: Document, e: BubbleError): HTMLElement {
  const box = doc.createElement('div');
  box.className = 'error';
  box.setAttribute('role', 'alert');
  const message = doc.createElement('p');
  message.textContent = e.message;
  box.append(message);
  const action = e.action;
  if (action) {
    const actions = doc.createElement('div');
    actions.className = 'actions';
    actions.append(makeButton(doc, action.label, () => action.onClick()));
    box.append(actions);
  }
  return box;
}

/**
 * The question before a translation above the user's threshold: its cost, Translate and Cancel.
 * Translate is described by the question, so a screen reader says the cost with the button.
 */
export function renderConfirm(doc: Document, labels: BubbleLabels, cost: number, handlers: { confirm(): void; cancel(): void }, words?: string): HTMLElement {
  const box = doc.createElement('div');
  box.className = 'body';
  const question = doc.createElement('p');
  question.className = 'question';
  question.id = 'voxlate-confirm-question';
  question.textContent = words ?? fillLabel(cost === 1 ? labels.confirmCostOne : labels.confirmCost, { cost: new Intl.NumberFormat().format(cost) });
  // Focus lands on the question, never on the button that spends: a key pressed to scroll or
  // to type spends nothing; Tab reaches Translate.
  question.tabIndex = -1;
  const actions = doc.createElement('div');
  actions.className = 'actions';
  const confirm = makeButton(doc, labels.confirm, () => handlers.confirm());
  confirm.className = 'primary';
  confirm.setAttribute('aria-describedby', question.id);
  actions.append(confirm, makeButton(doc, labels.cancel, () => handlers.cancel()));
  box.append(question, actions);
  return box;
}

/** "Cost: 3 credits · Balance: 1,997", or "From cache: no credits used · Balance: 1,997". */
export function costLine(labels: BubbleLabels, r: Pick<BubbleResult, 'cost' | 'cached' | 'balance'>): string {
  const number = new Intl.NumberFormat();
  const cost = r.cached && r.cost === 0
    ? labels.fromCache
    : fillLabel(r.cost === 1 ? labels.costOne : labels.cost, { cost: number.format(r.cost) });
  return r.balance === null ? cost : `${cost} · ${fillLabel(labels.balance, { balance: number.format(r.balance) })}`;
}

function meta(doc: Document, text: string): HTMLElement {
  const line = doc.createElement('p');
  line.className = 'meta';
  line.textContent = text;
  return line;
}
