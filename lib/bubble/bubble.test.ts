// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslationBubble, mountTranslationBubble, type TranslationBubbleOptions } from './bubble';
import { costLine } from './bubble-view';
import { ENGLISH_BUBBLE_LABELS } from './labels.test-helpers';

const languages = [
  { code: 'en', name: 'English', native: 'English' },
  { code: 'es', name: 'Spanish', native: 'Español' },
  { code: 'ar', name: 'Arabic', native: 'العربية' },
];

/** Mounts on an OPEN shadow root (a closed one cannot be inspected); production always uses closed. */
function mount(overrides: Partial<TranslationBubbleOptions> = {}) {
  const host = document.createElement('voxlate-test');
  const root = host.attachShadow({ mode: 'open' });
  document.documentElement.append(host);
  const opts: TranslationBubbleOptions = {
    anchor: { top: 100, bottom: 120, left: 50, right: 150 },
    languages,
    target: 'es',
    labels: ENGLISH_BUBBLE_LABELS,
    onTarget: vi.fn(),
    onCopy: vi.fn(),
    onListen: vi.fn(),
    onReplace: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
  const bubble = mountTranslationBubble(root, host, () => host.remove(), opts);
  return { bubble, opts, root, host };
}

const result = { translation: 'Hola', sourceName: 'English', targetCode: 'es', rtl: false, cost: 3, cached: false, balance: 1997 };
const buttons = (root: ShadowRoot) => [...root.querySelectorAll('button')].map((b) => b.textContent);
const key = (target: EventTarget, k: string, init: KeyboardEventInit = {}) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true, cancelable: true, ...init }));

afterEach(() => {
  document.documentElement.querySelectorAll('voxlate-test, voxlate-bubble').forEach((e) => e.remove());
  document.body.innerHTML = '';
});

describe('translation bubble', () => {
  it('is a labelled dialog with a labelled target picker, and takes focus', () => {
    const { bubble, root } = mount();
    expect(bubble.element.getAttribute('role')).toBe('dialog');
    expect(bubble.element.getAttribute('aria-label')).toBe('Translation');
    const select = root.querySelector('select')!;
    expect(select.value).toBe('es');
    expect(select.closest('label')!.textContent).toContain('Translate to');
    expect([...select.options].map((o) => o.textContent)).toEqual(['English', 'Español (Spanish)', 'العربية (Arabic)']);
    expect(root.activeElement?.getAttribute('aria-label')).toBe('Close');
  });

  it('shows progress while waiting', () => {
    const { bubble, root } = mount();
    bubble.showWaiting();
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Translating…');
  });

  it('says why a wait lasts, as text', () => {
    const { bubble, root } = mount();
    bubble.showWaiting('The service is busy; trying again by itself in <b>12</b> s.');
    const status = root.querySelector('[role="status"]')!;
    expect(status.textContent).toBe('Translating… The service is busy; trying again by itself in <b>12</b> s.');
    expect(status.querySelector('b')).toBeNull();
  });

  it('shows the result with source, cost, balance and actions, and focuses it', () => {
    const { bubble, root, opts } = mount();
    bubble.showResult(result);
    const text = root.querySelector<HTMLElement>('.translation')!;
    expect(text.textContent).toBe('Hola');
    expect(text.getAttribute('dir')).toBe('auto');
    expect(root.activeElement).toBe(text);
    const meta = [...root.querySelectorAll('.meta')].map((m) => m.textContent);
    expect(meta[0]).toBe('Detected: English');
    expect(meta[1]).toMatch(/^Cost: 3 credits · Balance: 1[,.\u00a0\u202f]?997$/);
    expect(buttons(root)).toEqual(['×', 'Copy', 'Listen', 'Replace']);
    root.querySelectorAll('button')[2]!.click();
    root.querySelectorAll('button')[3]!.click();
    expect(opts.onListen).toHaveBeenCalledOnce();
    expect(opts.onReplace).toHaveBeenCalledOnce();
  });

  it('has no Replace button when the selection is not editable, and marks right-to-left text', () => {
    const { bubble, root } = mount({ onReplace: undefined });
    bubble.showResult({ ...result, translation: 'مرحبا', targetCode: 'ar', rtl: true });
    expect(buttons(root)).toEqual(['×', 'Copy', 'Listen']);
    expect(root.querySelector('.translation')!.getAttribute('dir')).toBe('rtl');
    expect(root.querySelector('.translation')!.getAttribute('lang')).toBe('ar');
  });

  it('shows markup in a translation as text and creates no element', () => {
    const { bubble, root } = mount();
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    bubble.showResult({ ...result, translation: evil });
    expect(root.querySelector('.translation')!.textContent).toBe(evil);
    expect(root.querySelector('img, script')).toBeNull();
    expect(document.querySelector('img, script')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows what was written translated back as a labelled group of text, the offer of it as a button, or why it failed', () => {
    const { bubble, root } = mount();
    const evil = '<img src=x onerror="window.__pwned=3">';
    bubble.showResult({ ...result, back: { kind: 'text', text: evil, heading: 'Back in English, it says:', code: 'en', rtl: false } });
    const group = root.querySelector('[role="group"]')!;
    expect(root.getElementById(group.getAttribute('aria-labelledby')!)!.textContent).toBe('Back in English, it says:');
    expect(group.querySelector('.back-text')!.textContent).toBe(evil);
    expect(group.querySelector('.back-text')!.getAttribute('lang')).toBe('en');
    expect(root.querySelector('img')).toBeNull();
    const onClick = vi.fn();
    bubble.showResult({ ...result, back: { kind: 'offer', label: 'Check it in English (9 credits)', onClick } });
    expect(buttons(root)).toContain('Check it in English (9 credits)');
    [...root.querySelectorAll('button')].find((b) => b.textContent!.startsWith('Check'))!.click();
    expect(onClick).toHaveBeenCalledOnce();
    bubble.showResult({ ...result, back: { kind: 'failed', message: 'It could not be translated back to check it: busy.' } });
    expect(root.textContent).toContain('It could not be translated back to check it: busy.');
  });

  it('a translation already put in place says so, offers no Replace, and leaves the focus in the field', () => {
    const field = document.createElement('textarea');
    document.body.append(field);
    const { bubble, root } = mount();
    field.focus();
    bubble.showResult({ ...result, replaced: 'Put in place of what you wrote. Ctrl+Z there brings it back.' });
    expect(buttons(root)).not.toContain('Replace');
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Put in place of what you wrote. Ctrl+Z there brings it back.');
    expect(document.activeElement).toBe(field);
  });

  it('asks in its own words when the figure covers more than the translation', () => {
    const { bubble, root } = mount();
    bubble.showConfirm({ cost: 16, onConfirm: vi.fn(), question: 'Translating this and back into English costs up to 16 credits. Translate?' });
    expect(root.querySelector('.question')!.textContent).toBe('Translating this and back into English costs up to 16 credits. Translate?');
  });

  it('shows an error as an alert with its next step', () => {
    const { bubble, root } = mount();
    const onClick = vi.fn();
    bubble.showError({ message: 'Not enough credits.', action: { label: 'Open options', onClick } });
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('Not enough credits.');
    alert.querySelector('button')!.click();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('re-translates when a target is picked, not while arrowing, and setTarget does not', () => {
    const { bubble, root, opts } = mount();
    const select = root.querySelector('select')!;
    key(select, 'ArrowDown');
    select.value = 'ar';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    select.dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowDown', bubbles: true }));
    expect(opts.onTarget).not.toHaveBeenCalled();
    key(select, 'Enter');
    expect(opts.onTarget).toHaveBeenCalledWith('ar');
    bubble.setTarget('en');
    expect(select.value).toBe('en');
    expect(opts.onTarget).toHaveBeenCalledOnce();
  });

  it('does not re-translate when the picker is left for Close, nor after the bubble closed', () => {
    const { root, opts } = mount();
    const select = root.querySelector('select')!;
    const close = root.querySelector<HTMLButtonElement>('button.close')!;
    select.focus();
    key(select, 'ArrowDown');
    select.value = 'en';
    close.focus();
    close.click();
    expect(opts.onClose).toHaveBeenCalledOnce();
    expect(opts.onTarget).not.toHaveBeenCalled();
  });

  it('asks before a costly translation: Translate confirms, described by the cost', () => {
    const { bubble, root } = mount();
    const onConfirm = vi.fn();
    bubble.showConfirm({ cost: 1234, onConfirm });
    const question = root.querySelector('.question')!;
    expect(question.textContent).toMatch(/^This translation costs 1[,.\u00a0\u202f]?234 credits\. Translate\?$/);
    expect(buttons(root)).toEqual(['×', 'Translate', 'Cancel']);
    const translate = root.querySelectorAll('button')[1]!;
    // Focus is on the question, not on the button that spends: Space or Enter there sends nothing.
    expect(root.activeElement).toBe(question);
    for (const key of [' ', 'Enter']) question.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(root.getElementById(translate.getAttribute('aria-describedby')!)).toBe(question);
    translate.click();
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('Cancel on the question closes the bubble without translating', () => {
    const { bubble, root, opts, host } = mount();
    const onConfirm = vi.fn();
    bubble.showConfirm({ cost: 1, onConfirm });
    expect(root.querySelector('.question')!.textContent).toBe('This translation costs 1 credit. Translate?');
    root.querySelectorAll('button')[2]!.click();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opts.onClose).toHaveBeenCalledOnce();
    expect(host.isConnected).toBe(false);
  });

  it('closes with Escape, calls onClose and returns focus', () => {
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    const { bubble, opts, host } = mount();
    key(bubble.element, 'Escape');
    expect(opts.onClose).toHaveBeenCalledOnce();
    expect(host.isConnected).toBe(false);
    expect(document.activeElement).toBe(field);
  });

  it('closes on a click outside but not inside', () => {
    const { bubble, opts } = mount();
    bubble.element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    expect(opts.onClose).not.toHaveBeenCalled();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    expect(opts.onClose).toHaveBeenCalledOnce();
  });

  it('keeps key presses from reaching the page', () => {
    const { bubble } = mount();
    const pageShortcut = vi.fn();
    document.addEventListener('keydown', pageShortcut);
    key(bubble.element, 'j');
    document.removeEventListener('keydown', pageShortcut);
    expect(pageShortcut).not.toHaveBeenCalled();
  });

  it('cycles Tab within the dialog', () => {
    const { bubble, root } = mount({ onReplace: undefined });
    bubble.showResult(result);
    const focusables = [root.querySelector('select')!, ...root.querySelectorAll<HTMLElement>('button, .translation')];
    const last = root.querySelectorAll('button')[2]!; // Listen
    last.focus();
    expect(key(last, 'Tab')).toBe(false);
    expect(root.activeElement).toBe(focusables[0]);
    expect(key(focusables[0]!, 'Tab', { shiftKey: true })).toBe(false);
    expect(root.activeElement).toBe(last);
  });

  it('shows "copied" after copying', async () => {
    const { bubble, root } = mount({ onCopy: () => Promise.resolve() });
    bubble.showResult(result);
    const copy = root.querySelectorAll('button')[1]!;
    copy.click();
    await Promise.resolve();
    await Promise.resolve();
    expect(copy.textContent).toBe('Copied');
  });

  it('closes without onClose when closed by the caller or its signal', () => {
    const controller = new AbortController();
    const { bubble, opts, host } = mount({ signal: controller.signal });
    controller.abort();
    expect(host.isConnected).toBe(false);
    bubble.close();
    expect(opts.onClose).not.toHaveBeenCalled();
  });

  it('in production, lives in a closed shadow root on the document element, one at a time', () => {
    const opts = { anchor: () => ({ top: 0, bottom: 10, left: 0, right: 10 }), languages, target: 'es', labels: ENGLISH_BUBBLE_LABELS, onTarget() {}, onCopy() {}, onListen() {}, onClose() {} };
    createTranslationBubble(opts);
    const second = createTranslationBubble(opts);
    const hosts = document.documentElement.querySelectorAll(':scope > voxlate-bubble');
    expect(hosts).toHaveLength(1);
    expect(hosts[0]!.shadowRoot).toBeNull();
    second.close();
    expect(document.querySelector('voxlate-bubble')).toBeNull();
  });
});

describe('costLine', () => {
  it('says when nothing was spent and leaves out an unknown balance', () => {
    const line = costLine(ENGLISH_BUBBLE_LABELS, { cost: 0, cached: true, balance: null });
    expect(line).toBe('From cache: no credits used');
    expect(costLine(ENGLISH_BUBBLE_LABELS, { cost: 1, cached: false, balance: null })).toBe('Cost: 1 credit');
  });
});
