import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { registerHandlers as Register } from './router';
import { useEnglishMessages } from '../i18n.test-helpers';

const EXTENSION = fakeBrowser.runtime.getURL('/').replace(/\/$/, '');
const page = { id: fakeBrowser.runtime.id, origin: EXTENSION, url: `${EXTENSION}/popup.html` };
const contentScript = { id: fakeBrowser.runtime.id, origin: 'https://news.test', url: 'https://news.test/a', tab: { id: 3 }, frameId: 0 };

/** Delivers a message in @webext-core/messaging's wire format and returns the answer. */
async function deliver(type: string, data: unknown, sender: object): Promise<unknown> {
  const answer = new Promise<{ res?: unknown }>((resolve) => {
    void fakeBrowser.runtime.onMessage.trigger({ id: 1, type, data, timestamp: Date.now() }, sender as never, resolve as never);
  });
  return (await answer).res;
}

let registerHandlers: typeof Register;

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('registerHandlers', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    vi.stubGlobal('chrome', fakeBrowser);
    // A fresh messenger per test: its listener was removed from the reset fake browser.
    vi.resetModules();
    ({ registerHandlers } = await import('./router'));
  });

  it('runs a handler for an allowed sender with valid data, and returns its value', async () => {
    const readingControl = vi.fn();
    registerHandlers({ readingControl });
    expect(await deliver('readingControl', { action: 'pause' }, page)).toEqual({ ok: true, value: undefined });
    expect(readingControl).toHaveBeenCalledWith({ action: 'pause' }, expect.objectContaining({ kind: 'extension' }));
  });

  it('refuses a sender the message does not allow, without running the handler', async () => {
    const saveService = vi.fn();
    registerHandlers({ saveService });
    const answer = await deliver('saveService', { serviceUrl: 'https://evil.test', apiKey: 'x' }, contentScript);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalidRequest' } });
    expect(saveService).not.toHaveBeenCalled();
  });

  it('takes the PDF reader for its tab\'s page, and lets only the reader send what only the reader sends', async () => {
    const reader = { id: fakeBrowser.runtime.id, origin: EXTENSION, url: `${EXTENSION}/reader.html?file=https%3A%2F%2Fx.test%2Fa.pdf`, tab: { id: 5 }, frameId: 0 };
    const readingJump = vi.fn();
    const readerRead = vi.fn();
    registerHandlers({ readingJump, readerRead });
    expect(await deliver('readingJump', { sentence: 2 }, reader)).toMatchObject({ ok: true });
    expect(readingJump).toHaveBeenCalledWith({ sentence: 2 }, expect.objectContaining({ kind: 'reader', tabId: 5 }));
    expect(await deliver('readerRead', undefined, contentScript)).toMatchObject({ ok: false, error: { kind: 'invalidRequest' } });
    expect(await deliver('readerRead', undefined, page)).toMatchObject({ ok: false });
    expect(readerRead).not.toHaveBeenCalled();
    expect(await deliver('readerRead', undefined, reader)).toMatchObject({ ok: true });
  });

  it('refuses data that does not match the schema, and messages from other extensions', async () => {
    const translate = vi.fn();
    registerHandlers({ translate });
    expect(await deliver('translate', { text: 'hi', target: 'not a code' }, contentScript)).toMatchObject({ ok: false });
    expect(await deliver('translate', { text: 'hi', target: 'es', extra: 1 }, contentScript)).toMatchObject({ ok: false });
    expect(await deliver('translate', { text: 'hi', target: 'es' }, { ...page, id: 'another-extension' })).toMatchObject({ ok: false });
    expect(translate).not.toHaveBeenCalled();
    expect(await deliver('translate', { text: 'hi', target: 'es' }, contentScript)).toMatchObject({ ok: true });
    expect(translate).toHaveBeenCalledTimes(1);
  });

  it('returns a thrown error as data with its kind', async () => {
    registerHandlers({
      getAccount: () => {
        throw Object.assign(new Error('x'), { name: 'TimeoutError' });
      },
    });
    expect(await deliver('getAccount', undefined, page)).toMatchObject({ ok: false, error: { kind: 'timeout' } });
  });
});
