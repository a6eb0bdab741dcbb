// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM":{"settings":{"disableJavaScriptEvaluation":true,"handleDisabledFileLoadingAsSuccess":true}}}
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownPageFile } from '../../test/support/pages';
import { useEnglishMessages } from '../i18n.test-helpers';
import type { PageBlockInput, PageBlocksAnswer, PageEstimate } from '../translate/page-types';
import { notePageTranslation, translatePage, type PageTranslateDeps } from './session';
import { captureShadowRootsByHost } from '../page/shadow-host.test-helpers';

/** An IntersectionObserver the test drives: it says which elements come near the viewport. */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: Element[] = [];
  constructor(readonly callback: (entries: { target: Element; isIntersecting: boolean }[]) => void) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  show(elements: Element[]) {
    this.callback(elements.map((target) => ({ target, isIntersecting: true })));
  }
}

const estimate: PageEstimate = { screen: 12, page: 140, balance: 5000, threshold: 200, ask: true, offers: { screen: 'offer-screen', page: 'offer-page' } };

function fakeDeps(answer: (blocks: PageBlockInput[]) => PageBlocksAnswer) {
  const sent: PageBlockInput[][] = [];
  const deps: PageTranslateDeps = {
    estimate: vi.fn(async () => estimate),
    translate: vi.fn(async (_target: string, blocks: PageBlockInput[]) => {
      sent.push(blocks);
      return answer(blocks);
    }),
    accept: vi.fn(async () => true),
    stop: vi.fn(),
    listen: vi.fn(),
    notice: vi.fn(),
  };
  return { deps, sent };
}

const translateAll = (blocks: PageBlockInput[]): PageBlocksAnswer => ({ translations: blocks.map((b) => `[ES] ${b.text}`), spent: blocks.length, confirm: null, error: null });
const textOf = (p: Element) => p.textContent!.replace(/\s+/g, ' ').trim();

/** Lays the page out as a browser would for these tests: `shown` on the first screen, one under another, the rest far below the fold. */
function onScreenOnly(shown: Element[]): Element[] {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const at = shown.indexOf(this);
    const top = at >= 0 ? 100 + at * 150 : 10 * window.innerHeight;
    return DOMRect.fromRect({ x: 0, y: top, width: 600, height: 120 });
  });
  return shown;
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const button = (root: ShadowRoot, name: RegExp) => Array.from(root.querySelectorAll('button')).find((b) => name.test(b.textContent ?? ''))!;

let page: AbortController;
beforeEach(() => {
  useEnglishMessages();
  document.open();
  document.write(readFileSync(ownPageFile('news'), 'utf8'));
  document.close();
  Object.assign(window, { IntersectionObserver: FakeObserver });
  page = new AbortController();
});
afterEach(() => {
  page.abort();
  vi.restoreAllMocks();
});

describe('translatePage', () => {
  it('asks first, then translates only what comes near the viewport, and Show original restores the page', async () => {
    const roots = captureShadowRootsByHost();
    const original = document.body.innerHTML;
    const { deps, sent } = fakeDeps(translateAll);
    await translatePage(window, 'es', page.signal, deps);
    const ui = roots.get('voxlate-page-translate')![0]!;
    const dialog = ui.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-label')).toBe('Translate this page');
    expect(dialog.textContent).toContain('On screen now: up to 12 credits');
    expect(dialog.textContent).toContain('Whole page: up to 140 credits');
    expect(dialog.textContent).toContain('Balance: 5,000');
    expect(deps.translate).not.toHaveBeenCalled();
    // Each button carries its figure; the whole page's agrees to the whole page's offer.
    expect(button(ui, /^Only what is on screen/).textContent).toBe('Only what is on screen (up to 12 credits)');
    button(ui, /^Translate the whole page \(up to 140 credits\)$/).click();
    await flush();
    expect(deps.accept).toHaveBeenCalledWith('offer-page');
    const observer = FakeObserver.last!;
    const paragraphs = Array.from(document.querySelectorAll('.story-body > p'));
    observer.show(paragraphs.slice(0, 2));
    await flush();
    // The first message is short (the paragraph looked at comes back first); the next goes beside it.
    const text = (p: Element) => ({ text: p.textContent!.replace(/\s+/g, ' ').trim(), source: 'en' });
    expect(sent).toEqual([[text(paragraphs[0]!)], [text(paragraphs[1]!)]]);
    expect(paragraphs[0]!.nextElementSibling!.tagName).toBe('VOXLATE-TRANSLATION');
    expect(ui.querySelector('[role="status"]')!.textContent).toContain('2 of');
    expect(ui.querySelector('[role="status"]')!.textContent).toContain('2 credits spent on this page');

    // Scrolling on: the next ones, never the same twice.
    observer.show(paragraphs.slice(1, 3));
    await flush();
    expect(sent).toEqual([[text(paragraphs[0]!)], [text(paragraphs[1]!)], [text(paragraphs[2]!)]]);
    // The page carries no budget: what may be sent is the background's to say.
    expect(vi.mocked(deps.translate).mock.calls.every((call) => call.length === 2)).toBe(true);

    button(ui, /^Show original$/).click();
    // Nothing queued is sent after it, and what was agreed to is forgotten.
    expect(deps.stop).toHaveBeenCalledWith(true);
    expect(document.body.innerHTML).toBe(original);
    expect(document.querySelector('voxlate-page-translate')).toBeNull();
  });

  it('idle, the control is a pill that still offers Pause (more is left); it opens in the corner it was put in, and a move is remembered', async () => {
    const roots = captureShadowRootsByHost();
    const { deps } = fakeDeps(translateAll);
    const moved = vi.fn();
    await translatePage(window, 'es', page.signal, { ...deps, corner: 'top-left', moved });
    const ui = roots.get('voxlate-page-translate')![0]!;
    button(ui, /^Translate the whole page \(/).click();
    await flush();
    FakeObserver.last!.show(Array.from(document.querySelectorAll('.story-body > p')).slice(0, 1));
    await flush();
    const control = ui.querySelector('[role="region"]') as HTMLElement;
    expect(control.classList.contains('collapsed')).toBe(true);
    expect(button(ui, /^Pause translation$/).hidden).toBe(false);
    expect(control.dataset.corner).toBe('top-left');
    button(ui, /^Move to another corner$/).click();
    expect(control.dataset.corner).toBe('top-right');
    expect(moved).toHaveBeenCalledWith('top-right');
  });

  it('offers Translate captions in the control only where the page has a video', async () => {
    const roots = captureShadowRootsByHost();
    const { deps } = fakeDeps(translateAll);
    const translateCaptions = vi.fn();
    await translatePage(window, 'es', page.signal, { ...deps, translateCaptions });
    let ui = roots.get('voxlate-page-translate')![0]!;
    button(ui, /^Translate the whole page \(/).click();
    await flush();
    expect(button(ui, /^Translate captions$/)).toBeUndefined();
    page.abort();

    page = new AbortController();
    document.body.append(document.createElement('video'));
    await translatePage(window, 'es', page.signal, { ...deps, translateCaptions });
    ui = roots.get('voxlate-page-translate')!.at(-1)!;
    button(ui, /^Translate the whole page \(/).click();
    await flush();
    button(ui, /^Translate captions$/).click();
    expect(translateCaptions).toHaveBeenCalledTimes(1);
  });

  it('keeps translated paragraphs on an error, shows the next step, and resumes', async () => {
    const roots = captureShadowRootsByHost();
    let fail = false;
    const { deps, sent } = fakeDeps((blocks) =>
      fail
        ? { translations: blocks.map(() => null), spent: 0, confirm: null, error: { kind: 'rateLimited', message: 'Too many requests.' } as never }
        : translateAll(blocks),
    );
    await translatePage(window, 'es', page.signal, deps);
    const ui = roots.get('voxlate-page-translate')![0]!;
    button(ui, /^Translate the whole page \(/).click();
    await flush();
    const paragraphs = Array.from(document.querySelectorAll('.story-body > p'));
    FakeObserver.last!.show([paragraphs[0]!]);
    await flush();
    fail = true;
    FakeObserver.last!.show([paragraphs[1]!]);
    await flush();
    const alert = ui.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('Too many requests. The service is busy: wait a minute, then press Resume. Translated paragraphs stay.');
    expect(document.querySelectorAll('voxlate-translation')).toHaveLength(1);
    // Nothing more goes out until Resume.
    FakeObserver.last!.show([paragraphs[2]!]);
    await flush();
    expect(sent).toHaveLength(2);
    fail = false;
    button(ui, /^Resume translation$/).click();
    await flush();
    expect(document.querySelectorAll('voxlate-translation')).toHaveLength(3);
  });

  it('spending more than was agreed to shows the figure first; Resume agrees to that figure, and Pause withdraws what is queued', async () => {
    const roots = captureShadowRootsByHost();
    let asked = 0;
    const { deps, sent } = fakeDeps(translateAll);
    vi.mocked(deps.translate).mockImplementation(async (_target, blocks) => {
      sent.push(blocks);
      // The background's gate refuses a message beyond the grant, with an offer of its cost.
      if (vi.mocked(deps.accept).mock.calls.length < 2) return { translations: blocks.map(() => null), spent: 0, confirm: { offer: `more-${++asked}`, credits: 80 + asked }, error: null };
      return translateAll(blocks);
    });
    await translatePage(window, 'es', page.signal, deps);
    const ui = roots.get('voxlate-page-translate')![0]!;
    button(ui, /^Only what is on screen \(/).click();
    await flush();
    expect(deps.accept).toHaveBeenLastCalledWith('offer-screen');
    const paragraphs = Array.from(document.querySelectorAll('.story-body > p'));
    FakeObserver.last!.show([paragraphs[0]!]);
    await flush();
    // The figure is on screen before anything more is sent, on the alert and on the button.
    expect(ui.querySelector('[role="alert"]')!.textContent).toBe('There is more to translate than you agreed to: the next part costs up to 81 credits. Nothing more is sent until you resume.');
    const resume = button(ui, /^Resume translation/);
    expect(resume.textContent).toBe('Resume translation (up to 81 credits)');
    // Scrolling on sends nothing.
    FakeObserver.last!.show(paragraphs.slice(1, 3));
    await flush();
    expect(sent).toHaveLength(1);
    resume.click();
    await flush();
    expect(deps.accept).toHaveBeenLastCalledWith('more-1');
    // The message whose cost was shown goes first, alone.
    expect(sent[1]).toEqual(sent[0]);
    expect(document.querySelectorAll('voxlate-translation').length).toBeGreaterThan(0);

    button(ui, /^Pause translation$/).click();
    expect(deps.stop).toHaveBeenLastCalledWith(false);
  });

  it('the panel does not put focus on a button that spends: a key pressed to scroll sends nothing', async () => {
    const roots = captureShadowRootsByHost();
    const { deps } = fakeDeps(translateAll);
    await translatePage(window, 'es', page.signal, deps);
    const ui = roots.get('voxlate-page-translate')![0]!;
    const focused = ui.activeElement as HTMLElement | null;
    expect(focused?.getAttribute('role')).toBe('dialog');
    for (const key of [' ', 'Enter']) focused!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    await flush();
    expect(deps.accept).not.toHaveBeenCalled();
    expect(deps.translate).not.toHaveBeenCalled();
  });

  it('translates paragraphs the page adds later as they come into view, within the budget left', async () => {
    const roots = captureShadowRootsByHost();
    const { deps, sent } = fakeDeps(translateAll);
    await translatePage(window, 'es', page.signal, deps);
    const ui = roots.get('voxlate-page-translate')![0]!;
    button(ui, /^Translate the whole page \(/).click();
    await flush();
    const total = () => /of (\d+) paragraphs/.exec(ui.querySelector('[role="status"]')!.textContent!)![1];
    const before = Number(total());
    const added = document.createElement('p');
    added.textContent = 'A paragraph loaded later, when the reader asked for more.';
    document.querySelector('.story-body')!.append(added);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(Number(total())).toBe(before + 1);
    expect(FakeObserver.last!.observed).toContain(added);
    FakeObserver.last!.show([added]);
    await flush();
    expect(sent.at(-1)).toEqual([{ text: 'A paragraph loaded later, when the reader asked for more.', source: 'en' }]);
    expect(added.nextElementSibling!.tagName).toBe('VOXLATE-TRANSLATION');
  });

  it('starts at once below the threshold when the user turned the question off', async () => {
    const roots = captureShadowRootsByHost();
    const { deps } = fakeDeps(translateAll);
    vi.mocked(deps.estimate).mockResolvedValue({ ...estimate, ask: false });
    await translatePage(window, 'es', page.signal, deps);
    const ui = roots.get('voxlate-page-translate')![0]!;
    expect(ui.querySelector('[role="dialog"]')).toBeNull();
    expect(ui.querySelector('[role="region"]')!.getAttribute('aria-label')).toBe('Page translation');
  });

  it('below the threshold, the first screen goes with the estimate and is sent before the observer reports, before anything below the fold', async () => {
    const paragraphs = Array.from(document.querySelectorAll('.story-body > p'));
    const shown = onScreenOnly(paragraphs.slice(0, 2));
    const { deps, sent } = fakeDeps(translateAll);
    vi.mocked(deps.estimate).mockResolvedValue({ ...estimate, ask: false });
    await translatePage(window, 'es', page.signal, deps);
    // The estimate names the first message (the first paragraph on screen): the background sends it at once.
    const [, blocks, screen, first] = vi.mocked(deps.estimate).mock.calls[0]!;
    expect(first!.map((i) => blocks[i]!.text)).toEqual([textOf(paragraphs[0]!)]);
    expect(screen.map((i) => blocks[i]!.text)).toEqual(shown.map(textOf));
    // The page asks for it (and for the rest of the screen) at once: the observer has not said a word yet.
    expect(sent).toEqual([[{ text: textOf(paragraphs[0]!), source: 'en' }], [{ text: textOf(paragraphs[1]!), source: 'en' }]]);
    await flush();
    expect(paragraphs[0]!.nextElementSibling!.tagName).toBe('VOXLATE-TRANSLATION');
  });

  it('asks for the estimate before its panel goes on the page (the page is laid out once, not again for the panel)', async () => {
    const paragraphs = Array.from(document.querySelectorAll('.story-body > p'));
    onScreenOnly(paragraphs.slice(0, 1));
    const { deps } = fakeDeps(translateAll);
    let panelThen: Element | null | undefined;
    vi.mocked(deps.estimate).mockImplementation(async () => {
      panelThen = document.querySelector('voxlate-page-translate');
      return { ...estimate, ask: false };
    });
    await translatePage(window, 'es', page.signal, deps);
    expect(panelThen).toBeNull();
    expect(document.querySelector('voxlate-page-translate')).not.toBeNull();
  });

  it('asking, nothing leaves before the agreement, and the screen leaves at once after it', async () => {
    const roots = captureShadowRootsByHost();
    const paragraphs = Array.from(document.querySelectorAll('.story-body > p'));
    onScreenOnly(paragraphs.slice(0, 1));
    const { deps, sent } = fakeDeps(translateAll);
    await translatePage(window, 'es', page.signal, deps);
    expect(sent).toEqual([]);
    button(roots.get('voxlate-page-translate')![0]!, /^Only what is on screen/).click();
    await flush();
    expect(deps.accept).toHaveBeenCalledWith('offer-screen');
    expect(sent).toEqual([[{ text: textOf(paragraphs[0]!), source: 'en' }]]);
  });

  it('shows why the next paragraphs wait, told before the control shows as after; Pause and the background taking it back end it', async () => {
    const roots = captureShadowRootsByHost();
    const { deps } = fakeDeps(translateAll);
    vi.mocked(deps.estimate).mockResolvedValue({ ...estimate, ask: false });
    // Held: the first message is still with the background.
    vi.mocked(deps.translate).mockImplementation(() => new Promise(() => undefined));
    const paced = 'Your plan allows 10 requests a minute: the next paragraphs follow by themselves in about 41 s.';
    const started = translatePage(window, 'es', page.signal, deps);
    // The first request left with the estimate: its note may come before the control is up.
    notePageTranslation(paced);
    await started;
    FakeObserver.last!.show(Array.from(document.querySelectorAll('.story-body > p')).slice(0, 1));
    await flush();
    const ui = roots.get('voxlate-page-translate')![0]!;
    const note = () => ui.querySelector('.wait') as HTMLElement;
    expect([note().textContent, note().hidden, note().getAttribute('aria-live')]).toEqual([paced, false, 'polite']);
    notePageTranslation(null);
    expect(note().hidden).toBe(true);
    notePageTranslation('The service is busy (rate limit); trying again by itself in 2 s.');
    expect(note().hidden).toBe(false);
    button(ui, /^Pause translation$/).click();
    expect(note().hidden).toBe(true);
  });

  it('says so when there is nothing to translate', async () => {
    document.documentElement.lang = 'es';
    document.body.innerHTML = '<nav><p>Inicio</p></nav><pre>code</pre>';
    const { deps } = fakeDeps(translateAll);
    await translatePage(window, 'es', page.signal, deps);
    expect(deps.notice).toHaveBeenCalledWith(expect.stringContaining('nothing to translate'));
    expect(deps.estimate).not.toHaveBeenCalled();
  });
});
