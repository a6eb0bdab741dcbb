// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPaintedHighlight, HIGHLIGHT_NAME, paintHighlight } from './highlight';

// happy-dom has no CSS Custom Highlight API: stand-ins record what would be painted.
class FakeHighlight {
  readonly ranges: Range[];
  constructor(...ranges: Range[]) {
    this.ranges = ranges;
  }
}

function installHighlightApi(): Map<string, FakeHighlight> {
  const registry = new Map<string, FakeHighlight>();
  // The code looks the API up on the page's window, which in vitest is not globalThis.
  Object.defineProperty(window, 'Highlight', { value: FakeHighlight, configurable: true });
  // happy-dom makes a new CSS object on every read, so the whole namespace is replaced.
  Object.defineProperty(window, 'CSS', { value: { highlights: registry }, configurable: true });
  return registry;
}

const originalCss = Object.getOwnPropertyDescriptor(window, 'CSS');

afterEach(() => {
  Reflect.deleteProperty(window, 'Highlight');
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'CSS');
  if (originalCss) Object.defineProperty(window, 'CSS', originalCss);
  document.adoptedStyleSheets = [];
  document.body.innerHTML = '';
});

describe('paintHighlight', () => {
  it('registers the range under our name and adopts the ::highlight rule once', () => {
    const registry = installHighlightApi();
    document.body.innerHTML = '<p>Hello world</p>';
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('p')!);
    paintHighlight(range);
    paintHighlight(range);
    expect(registry.get(HIGHLIGHT_NAME)!.ranges[0]).toBe(range);
    expect(document.adoptedStyleSheets).toHaveLength(1);
    clearPaintedHighlight(document);
    expect(registry.has(HIGHLIGHT_NAME)).toBe(false);
  });

  it('does nothing, without throwing, where the API is missing', () => {
    document.body.innerHTML = '<p>Hello</p>';
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('p')!);
    expect(() => paintHighlight(range)).not.toThrow();
    expect(() => clearPaintedHighlight(document)).not.toThrow();
    expect(document.adoptedStyleSheets).toHaveLength(0);
  });

  it('scrolls only when the range is outside the viewport', () => {
    installHighlightApi();
    document.body.innerHTML = '<p>Hello</p>';
    const p = document.querySelector('p')!;
    const scroll = vi.fn();
    p.scrollIntoView = scroll;
    const range = document.createRange();
    range.selectNodeContents(p);
    vi.spyOn(range, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 10, 50, 20));
    paintHighlight(range);
    expect(scroll).not.toHaveBeenCalled();
    vi.spyOn(range, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, window.innerHeight + 500, 50, 20));
    paintHighlight(range);
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
  });
});
