// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslationBubble } from './bubble';
import { ENGLISH_BUBBLE_LABELS } from './labels.test-helpers';
import { paintBubbleShell, removeBubbleShell, takeBubbleShell, type BubbleShellInput } from './shell';

const input: BubbleShellInput = { css: '.bubble { color: red; }', dialog: 'Translation', waiting: 'Translating…', lifetimeMs: 10_000 };

/**
 * The function as the browser runs it: rebuilt from its source text, so anything it took from this
 * module instead of its own body (an import, a constant) is missing and fails here.
 */
function asInjected<F extends (...args: never[]) => unknown>(fn: F): F {
  return new Function(`return (${fn.toString()})`)() as F;
}

const scope = globalThis as unknown as Record<symbol, unknown>;

afterEach(() => {
  removeBubbleShell();
  delete scope[Symbol.for('voxlate.pageAgent')];
  document.documentElement.querySelectorAll('voxlate-bubble').forEach((e) => e.remove());
  getSelection()?.removeAllRanges();
  vi.useRealTimers();
});

function selectParagraph(): void {
  const p = document.createElement('p');
  p.textContent = 'Some text the user selected.';
  document.body.append(p);
  const range = document.createRange();
  range.selectNodeContents(p);
  getSelection()!.addRange(range);
}

describe('the bubble shell', () => {
  it('paints the waiting state in a closed shadow root, from its own source alone, and resolves once painted', async () => {
    selectParagraph();
    const painted = asInjected(paintBubbleShell)(input);
    expect(painted).toBeInstanceOf(Promise);
    await expect(painted).resolves.toBe(true);
    const hosts = document.querySelectorAll('voxlate-bubble');
    expect(hosts).toHaveLength(1);
    expect(hosts[0]!.shadowRoot).toBeNull(); // closed
    const shell = takeBubbleShell(document)!;
    const dialog = shell.root.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-label')).toBe('Translation');
    expect(shell.root.querySelector('[role="status"]')!.textContent).toBe('Translating…');
  });

  it('is not painted where the page script already runs (it shows its own bubble at once), nor twice', async () => {
    scope[Symbol.for('voxlate.pageAgent')] = {};
    expect(paintBubbleShell(input)).toBe(false);
    delete scope[Symbol.for('voxlate.pageAgent')];
    await paintBubbleShell(input);
    expect(paintBubbleShell(input)).toBe(false);
    expect(document.querySelectorAll('voxlate-bubble')).toHaveLength(1);
  });

  it('becomes the bubble: the page script fills the same host, nothing is removed and added again', async () => {
    selectParagraph();
    await paintBubbleShell(input);
    const host = document.querySelector('voxlate-bubble');
    const changes: string[] = [];
    new MutationObserver((records) => {
      for (const r of records) {
        r.addedNodes.forEach((n) => changes.push(`added ${n.nodeName}`));
        r.removedNodes.forEach((n) => changes.push(`removed ${n.nodeName}`));
      }
    }).observe(document.documentElement, { childList: true });
    const bubble = createTranslationBubble({
      anchor: { top: 10, bottom: 30, left: 10, right: 100 },
      languages: [{ code: 'es', name: 'Spanish', native: 'Español' }],
      target: 'es',
      labels: ENGLISH_BUBBLE_LABELS,
      onTarget: vi.fn(),
      onCopy: vi.fn(),
      onListen: vi.fn(),
      onClose: vi.fn(),
    });
    bubble.showWaiting();
    await Promise.resolve();
    expect(changes).toEqual([]);
    expect(document.querySelector('voxlate-bubble')).toBe(host);
    expect(bubble.element.isConnected).toBe(true);
    // The shell's own dialog is gone: one dialog, the bubble's.
    expect((bubble.element.getRootNode() as ShadowRoot).querySelectorAll('[role="dialog"]')).toHaveLength(1);
    expect(takeBubbleShell(document)).toBeNull();
    bubble.close();
    expect(host!.isConnected).toBe(false);
  });

  it('goes by itself when no page script claims it, and when the background takes it back', async () => {
    vi.useFakeTimers();
    void paintBubbleShell({ ...input, lifetimeMs: 5000 });
    expect(document.querySelectorAll('voxlate-bubble')).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    expect(document.querySelectorAll('voxlate-bubble')).toHaveLength(0);
    expect(takeBubbleShell(document)).toBeNull();

    void paintBubbleShell(input);
    asInjected(removeBubbleShell)();
    expect(document.querySelectorAll('voxlate-bubble')).toHaveLength(0);
  });
});
