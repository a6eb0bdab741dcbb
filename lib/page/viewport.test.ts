// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { layoutViewport } from './viewport';

/** A document whose root and body report these client sizes, as a laid-out page would. */
function docWith(mode: 'CSS1Compat' | 'BackCompat', root: { w: number; h: number }, body: { w: number; h: number }): Document {
  const doc = document.implementation.createHTMLDocument('t');
  Object.defineProperty(doc, 'compatMode', { value: mode });
  Object.defineProperty(doc.documentElement, 'clientHeight', { value: root.h });
  Object.defineProperty(doc.documentElement, 'clientWidth', { value: root.w });
  Object.defineProperty(doc.body, 'clientHeight', { value: body.h });
  Object.defineProperty(doc.body, 'clientWidth', { value: body.w });
  return doc;
}

describe('layoutViewport', () => {
  it('is the root element’s client box in standards mode', () => {
    expect(layoutViewport(docWith('CSS1Compat', { w: 1265, h: 720 }, { w: 1265, h: 24_000 }))).toEqual({ width: 1265, height: 720 });
  });

  it('is the body’s in quirks mode, where the root reports the whole document', () => {
    expect(layoutViewport(docWith('BackCompat', { w: 1265, h: 24_000 }, { w: 1265, h: 720 }))).toEqual({ width: 1265, height: 720 });
  });
});
