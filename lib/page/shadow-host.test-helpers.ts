import { vi } from 'vitest';

/**
 * Our in-page UI lives in closed shadow roots: tests reach them the way nothing on the page can,
 * by spying on attachShadow. Every root attached from now on, in order (undone by
 * `vi.restoreAllMocks()`).
 */
export function captureShadowRoots(): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  const original = Element.prototype.attachShadow;
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
    const root = original.call(this, init);
    roots.push(root);
    return root;
  });
  return roots;
}

/** The same, by the tag name of the element each root was attached to. */
export function captureShadowRootsByHost(): Map<string, ShadowRoot[]> {
  const roots = new Map<string, ShadowRoot[]>();
  const original = Element.prototype.attachShadow;
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
    const root = original.call(this, init);
    const tag = this.tagName.toLowerCase();
    roots.set(tag, [...(roots.get(tag) ?? []), root]);
    return root;
  });
  return roots;
}
