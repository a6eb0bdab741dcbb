import { describe, expect, it } from 'vitest';
import { classifySender } from './sender';

const ID = 'abcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}`;
const tab = { id: 7 } as never;

describe('classifySender', () => {
  it('recognises our extension pages by origin, in a tab or not', () => {
    expect(classifySender({ id: ID, origin: ORIGIN, url: `${ORIGIN}/popup.html` }, ID, ORIGIN)).toBe('extension');
    expect(classifySender({ id: ID, origin: ORIGIN, tab }, ID, ORIGIN)).toBe('extension');
    // Firefox may omit origin; the document URL set by the browser is used instead.
    expect(classifySender({ id: ID, url: `${ORIGIN}/options.html` }, ID, ORIGIN)).toBe('extension');
  });

  it('takes the PDF reader in a tab for the page of that tab, and only the reader', () => {
    expect(classifySender({ id: ID, origin: ORIGIN, url: `${ORIGIN}/reader.html?file=x#p`, tab }, ID, ORIGIN)).toBe('reader');
    expect(classifySender({ id: ID, origin: ORIGIN, url: `${ORIGIN}/reader.html` }, ID, ORIGIN)).toBe('extension');
    expect(classifySender({ id: ID, origin: ORIGIN, url: `${ORIGIN}/popup.html`, tab }, ID, ORIGIN)).toBe('extension');
  });

  it('recognises our content script in a web page', () => {
    expect(classifySender({ id: ID, origin: 'https://news.test', tab, frameId: 0 }, ID, ORIGIN)).toBe('content');
  });

  it('refuses other extensions, pages without a tab and opaque origins', () => {
    expect(classifySender({ id: 'other', origin: ORIGIN }, ID, ORIGIN)).toBeNull();
    expect(classifySender({ id: ID, origin: 'https://news.test' }, ID, ORIGIN)).toBeNull();
    expect(classifySender({ id: ID, origin: 'null', tab }, ID, ORIGIN)).toBeNull();
    expect(classifySender({}, ID, ORIGIN)).toBeNull();
  });
});
