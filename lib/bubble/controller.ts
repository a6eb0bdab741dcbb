import { nextStepFor, type SerializedServiceError } from '../api/errors';
import { createTranslationBubble, type TranslationBubble } from './bubble';
import type { BubbleLabels } from './labels';
import type { AnchorRect } from './placement';
import { takeBubbleShell } from './shell';
import { captureEditableTarget, captureWrittenText, replaceSelection, type EditableTarget } from './replace';
import { formatNumber, t } from '../i18n';
import { countCharacters, translationCost } from '../translate/cost';
import { type BackTranslation, type NotTranslated, type TranslateAnswer } from '../messaging/protocol';
import { sendMessage } from '../messaging/send';
import type { BubbleBack } from './bubble-view';
import { isRtl, languageByCode, LANGUAGES } from '../language';
import { writeTargetFor } from '../translate/write-target';
import { closestLanguage } from '../page/page-language';
import { WRITE_AT_ONCE_CHARS } from '../settings/schema';
import type { PageSource } from '../page/highlight';
import { checkedSelectionText, focusedElement, isSensitiveField, readCheckedSelection } from '../page/selection';
import { MAX_RENDERING, MAX_TERM } from '../glossary/entry';
import { openGlossaryAdd } from './glossary-add';

/** The most words a selection may have for the bubble to offer it to the glossary (a term, not a sentence). */
const GLOSSARY_MAX_WORDS = 4;

/** Whether a selected text reads like a term the user may want in their glossary: one line, a few words. */
export function looksLikeTerm(text: string): boolean {
  const words = text.trim().split(/\s+/u);
  return !/\n/u.test(text.trim()) && words.length <= GLOSSARY_MAX_WORDS && [...text.trim()].length <= MAX_TERM;
}

/** The bubble's labels in the UI language; a `{name}` marker stands where the bubble puts a value. */
function labels(): BubbleLabels {
  return {
    dialog: t('bubbleDialog'),
    close: t('bubbleClose'),
    target: t('bubbleTarget'),
    waiting: t('bubbleWaiting'),
    detected: t('bubbleDetected', '{language}'),
    costOne: t('bubbleCostOne', '{cost}'),
    cost: t('bubbleCost', '{cost}'),
    balance: t('bubbleBalance', '{balance}'),
    fromCache: t('bubbleFromCache'),
    copy: t('bubbleCopy'),
    copied: t('bubbleCopied'),
    listen: t('bubbleListen'),
    replace: t('bubbleReplace'),
    confirmCostOne: t('bubbleConfirmCostOne', '{cost}'),
    confirmCost: t('bubbleConfirmCost', '{cost}'),
    confirm: t('bubbleConfirm'),
    cancel: t('bubbleCancel'),
  };
}

/**
 * Test builds mark when the bubble appears and when the translation is shown (after paint), so
 * the benchmark can time them against the request and the service's answer.
 */
function mark(name: string): void {
  if (!__VOXLATE_TEST_HOOKS__) return;
  performance.mark(`voxlate:${name}`);
  requestAnimationFrame(() => setTimeout(() => performance.mark(`voxlate:${name}-painted`), 0));
}

/** Where the selection is on screen, asked again as the page scrolls. */
function selectionAnchor(win: Window, selected: PageSource): AnchorRect | (() => AnchorRect) {
  // Text the browser reported has no known place on the page: the bubble sits at the top.
  if (selected.reported) return { top: 0, bottom: 0, left: Math.max(0, win.innerWidth / 2 - 160), right: win.innerWidth / 2 + 160 };
  const kind = selected.kind;
  const active = win.document.activeElement;
  if (kind === 'field' && active) return () => active.getBoundingClientRect();
  const range = win.getSelection()!.getRangeAt(0).cloneRange();
  return () => range.getBoundingClientRect();
}

/**
 * Why the focus gave nothing to translate, when it says more than "nothing selected": a field never
 * read, a frame of another site (its page script cannot run there without the user's leave), or,
 * asked for what was written, an empty box.
 */
function whyNothingWritten(win: Window, asked: boolean): boolean | NotTranslated {
  const active = focusedElement(win.document);
  if (!active) return false;
  if (isSensitiveField(active)) return { why: 'sensitive' };
  if (active.tagName === 'IFRAME' || active.tagName === 'FRAME') {
    const frame = active as HTMLIFrameElement;
    let reachable = false;
    try {
      reachable = frame.contentDocument !== null;
    } catch {
      // Another site's frame.
    }
    const url = URL.canParse(frame.src, win.location.href) ? new URL(frame.src, win.location.href) : null;
    if (!reachable && url && /^https?:$/.test(url.protocol)) return { why: 'frame', origin: url.origin };
    return false;
  }
  return asked && isEditable(active) ? { why: 'empty' } : false;
}

/** An input, textarea or contenteditable the user could write in. */
const isEditable = (element: Element) => element.tagName === 'TEXTAREA' || element.tagName === 'INPUT' || (element as HTMLElement).isContentEditable;

/** A translation the bubble shows (not the question before one). */
type TranslatedAnswer = Extract<TranslateAnswer, { status: 'translated' }>;

/** A language in its own name, as the picker lists it. */
const nativeName = (code: string) => languageByCode(code)?.native ?? code;

/** The bubble waiting for each request, to say why it takes long when the background tells. */
const waiting = new Map<string, (note: string) => void>();

/** The background says why a translation takes long (the service is busy or slow). */
export function noteTranslationWait(requestId: string, message: string): void {
  waiting.get(requestId)?.(message);
}

let requests = 0;
/** A name for one request, unique in this tab (the background keys it by tab too). */
const newRequestId = () => `${Math.random().toString(36).slice(2)}-${(requests += 1)}`;

/** What the page is asked to translate: into `target` (the user's language), or what they wrote into `writeTo`. */
export interface BubbleAsk {
  /** The language the user reads in: a selection's translation goes into it. */
  target: string;
  /** What the browser reported selected at a right-click (none for a shortcut). */
  selectionText?: string;
  /** The language the user writes to on this site (remembered, or the options' choice); null: not chosen. */
  writeTo?: string | null;
  /** "Translate what I wrote" (the editable field's menu entry): the focused field's text, selected or whole. */
  written?: boolean;
  /** What was written, when short, goes in its place at once if its translation needs no question (the option). */
  replaceAtOnce?: boolean;
  /** The worker asked for what was written already, under this id: the first request takes it (joining it, and withdrawing it with its own). */
  requestId?: string;
}



/**
 * Shows the translation bubble beside this frame's selection and drives it: translate (and
 * re-translate from the picker), ask before a costly one, copy, listen, replace. With nothing
 * selected and the focus in an editable field (a shortcut, or the editable field's menu entry),
 * it translates what the user wrote there into the language they write to, and Replace puts the
 * translation in its place. Returns false when there is nothing to translate. The bubble closes
 * when `signal` aborts (the content script's end).
 */
export function openTranslationBubble(win: Window, ask: BubbleAsk, signal?: AbortSignal): boolean | NotTranslated {
  // The same reader as for reading aloud: visible text only, checked against what was
  // right-clicked (`reported`, the menu's selectionText), and never a sensitive field.
  const reported = ask.selectionText;
  // What the user wrote: asked for by name, or by the shortcut with the focus in an editable
  // field. From a menu, a selected part must be what the browser saw selected.
  const asWritten = ask.written || reported === undefined ? captureWrittenText(win) : null;
  const written = asWritten && (reported === undefined || checkedSelectionText({ text: asWritten.text }, reported, false)?.reported === false) ? asWritten : null;
  // Asked for what was written and nothing is: not the page's selection either.
  const selected = written || ask.written ? null : readCheckedSelection(win, reported);
  const text = written?.text ?? selected?.text.trim();
  if (!text || (!selected && !written)) {
    // Nothing to translate here after all: the shell painted at the click goes too.
    takeBubbleShell(win.document)?.host.remove();
    return reported === undefined || ask.written ? whyNothingWritten(win, ask.written === true) : false;
  }
  const anchor = written ? () => written.element.getBoundingClientRect() : selectionAnchor(win, selected!);
  const editable = written ? written.target : selected!.reported ? null : captureEditableTarget(win);
  const target = written ? writeTargetFor(closestLanguage(written.element), ask.writeTo, ask.target) : ask.target;
  let translation = '';
  let targetCode = target;
  // Put in place at once (the option for short texts), when the first translation asked no question.
  let atOnce = written !== null && ask.replaceAtOnce === true && editable !== null && countCharacters(text) <= WRITE_AT_ONCE_CHARS;
  // The translation shown is (being) put in place of what was written: no Replace to click twice.
  let placed = false;
  // Replace was clicked and the page did not take it (the text is gone, read-only, or its editor refused): said, with no Replace again.
  let notPlaced = false;
  // The answer shown last, to show again with what Replace did.
  let shown: { value: TranslatedAnswer; code: string } | null = null;
  // The worker's request for what was written, already under way: the first request is that one.
  let aheadId = written ? ask.requestId : undefined;
  let bubble: TranslationBubble | null = null;
  // Answers can arrive out of order when the user changes the target quickly: only the latest counts.
  let latest = 0;
  // The request whose answer is awaited: withdrawn when superseded or when the bubble closes, so
  // that it is dropped if it has not been sent yet (a sent one still fills the cache).
  let awaited: string | null = null;
  const withdraw = () => {
    if (awaited) {
      waiting.delete(awaited);
      void sendMessage('cancelTranslation', { requestId: awaited }).catch(() => undefined);
    }
    awaited = null;
  };

  /** The problem, with its next step: the options for a rejected key, the dashboard without credits, a retry (with its price) when the service failed. */
  const showError = (error: SerializedServiceError, retry?: () => void) => {
    const step = nextStepFor(error.kind);
    const retryLabel = () => {
      const cost = translationCost(text!);
      return cost === 1 ? t('retryTranslationOne') : t('retryTranslation', formatNumber(cost));
    };
    const action =
      step === 'openOptions' ? { label: t('openOptions'), onClick: () => void sendMessage('openOptions') }
      : step === 'topUp' ? { label: t('topUp'), onClick: () => void sendMessage('openDashboard') }
      : step === 'retry' && retry ? { label: retryLabel(), onClick: retry }
      : undefined;
    bubble?.showError({ message: error.message, action });
  };

  /** Asks for the translation into `code`; `agreed`: the question's token, once the user agreed to what it costs. */
  async function run(code: string, agreed?: string) {
    const ask = ++latest;
    withdraw();
    placed = false;
    notPlaced = false;
    const requestId = code === target && agreed === undefined && aheadId ? aheadId : newRequestId();
    aheadId = undefined;
    awaited = requestId;
    waiting.set(requestId, (note) => bubble?.showWaiting(note));
    targetCode = code;
    bubble?.showWaiting();
    mark('bubble-waiting');
    const approval = agreed === undefined ? {} : { agreed };
    const result = await sendMessage('translate', { text: text!, target: code, requestId, ...approval, ...(written ? { written: true } : {}) }).catch(() => null);
    waiting.delete(requestId);
    if (ask !== latest) return;
    awaited = null;
    mark('translation-received');
    if (!result) return showError({ kind: 'network', message: t('extensionUnavailable') });
    if (!result.ok) return showError(result.error, () => void run(code));
    if (result.value.status === 'confirm') {
      const { cost, token, backTo } = result.value;
      // The figure for what was written covers its translation back too: the question says so.
      const question = backTo ? t('bubbleConfirmCostBack', [nativeName(backTo), formatNumber(cost)]) : undefined;
      return bubble?.showConfirm({ cost, onConfirm: () => void run(code, token), ...(question ? { question } : {}) });
    }
    translation = result.value.translation;
    // Only the first translation is put in place at once: one chosen afterwards in the picker is the user's to place.
    const placeNow = atOnce && agreed === undefined;
    atOnce = false;
    // The card first, saying it is put in place (no Replace to click twice, the focus left in the
    // field), then the edit, which a rich editor may take up to EDITOR_UNDO_STEP_MS later.
    placed = placeNow;
    showTranslation(result.value, code);
    mark('bubble-result');
    if (!placeNow || (await replaceSelection(editable!, translation)) || ask !== latest) return;
    // Not put in place after all (the field went away or is read-only): the card offers Replace.
    placed = false;
    showTranslation(result.value, code);
  }

  /** The translation, and with what the user wrote its translation back (or the offer of it, or why not), one figure for both. */
  function showTranslation(value: TranslatedAnswer, code: string) {
    shown = { value, code };
    const back = value.back;
    const backCost = back?.status === 'translated' ? back.cost : 0;
    bubble?.showResult({
      translation: value.translation,
      sourceName: value.sourceName,
      targetCode: code,
      rtl: isRtl(code),
      cost: value.cost + backCost,
      cached: value.cached && (back?.status !== 'translated' || back.cached),
      balance: value.balance,
      ...(back ? { back: backView(value, back, code) } : {}),
      ...(placed ? { replaced: t('bubbleReplacedAtOnce') } : {}),
      ...(notPlaced ? { notReplaced: t('bubbleNotReplaced') } : {}),
    });
  }

  /** Replace, clicked: when the page did not take it, the bubble says so and keeps the translation to copy. */
  async function replaceClicked(target: EditableTarget) {
    const ask = latest;
    if ((await replaceSelection(target, translation)) || ask !== latest || !shown) return;
    notPlaced = true;
    showTranslation(shown.value, shown.code);
  }

  /** How the bubble shows the check of what the user wrote. */
  function backView(value: TranslatedAnswer, back: BackTranslation, code: string): BubbleBack {
    if (back.status === 'failed') return { kind: 'failed', message: t('bubbleBackFailed', back.error.message) };
    if (back.status === 'translated') {
      return { kind: 'text', text: back.translation, heading: t('bubbleBackHeading', nativeName(back.target)), code: back.target, rtl: isRtl(back.target) };
    }
    const name = nativeName(back.target);
    const label = back.cost === 1 ? t('bubbleBackOfferOne', name) : t('bubbleBackOffer', [name, formatNumber(back.cost)]);
    return { kind: 'offer', label, onClick: () => void checkBack(value, back, code) };
  }

  /** The translation back that cost more than agreed, once the user asked for it with its figure. */
  async function checkBack(value: TranslatedAnswer, offer: Extract<BackTranslation, { status: 'confirm' }>, code: string) {
    const ask = latest;
    const answer = await sendMessage('translate', { text: value.translation, target: offer.target, source: offer.source, agreed: offer.token }).catch(() => null);
    if (ask !== latest) return;
    const back: BackTranslation = !answer
      ? { status: 'failed', error: { kind: 'network', message: t('extensionUnavailable') } }
      : !answer.ok
        ? { status: 'failed', error: answer.error }
        : answer.value.status === 'translated'
          ? { status: 'translated', translation: answer.value.translation, target: offer.target, cost: answer.value.cost, cached: answer.value.cached }
          : { status: 'failed', error: { kind: 'invalidRequest', message: t('confirmExpired') } };
    showTranslation({ ...value, balance: answer?.ok && answer.value.status === 'translated' ? answer.value.balance : value.balance, back }, code);
  }

  bubble = createTranslationBubble({
    anchor,
    languages: LANGUAGES,
    target,
    labels: labels(),
    onTarget: (code) => {
      // The language chosen for what the user writes is kept for this site.
      if (written) void sendMessage('rememberWriteTo', { target: code }).catch(() => undefined);
      void run(code);
    },
    onCopy: () => navigator.clipboard.writeText(translation),
    onListen: () =>
      void sendMessage('speakText', { text: translation, language: languageByCode(targetCode)?.code }).then(
        (r) => (r.ok ? undefined : showError(r.error)),
      ),
    onReplace: editable ? () => void replaceClicked(editable) : undefined,
    // A word or a few translated from the page (not what the user wrote): offered to the glossary,
    // "translate as" filled in with the translation shown, for the user to keep or correct.
    ...(!written && looksLikeTerm(text)
      ? { glossary: { label: t('bubbleAddToGlossary'), onAdd: () => void (bubble?.close(), openGlossaryAdd(win, { term: text.trim().replace(/\s+/gu, ' '), target: targetCode, ...(translation && [...translation].length <= MAX_RENDERING ? { translation } : {}) }, signal)) } }
      : {}),
    onClose: withdraw,
    signal,
  });
  void run(target);
  return true;
}
