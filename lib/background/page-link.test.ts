import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** page-link as a newly started worker has it, with the browser's injection and messages watched. */
async function freshWorker(pageAnswers: boolean) {
  // What the last worker stored is written by now (it does not hold the injection up for it).
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.restoreAllMocks();
  vi.resetModules();
  const executeScript = vi
    .spyOn(fakeBrowser.scripting, 'executeScript')
    .mockImplementation(async (injection) => ((injection.target as { frameIds?: number[] }).frameIds ?? [0]).map((frameId) => ({ frameId, documentId: `doc-${frameId}`, result: undefined })) as never);
  // The messaging library calls chrome.tabs.sendMessage with a callback; no receiver answers undefined.
  const sendMessage = vi
    .spyOn(fakeBrowser.tabs, 'sendMessage')
    .mockImplementation(((_tab: number, _message: unknown, _options: unknown, reply: (r: unknown) => void) =>
      reply(pageAnswers ? { res: { ok: true, value: true } } : undefined)) as never);
  const pageLink = await import('./page-link');
  return { ...pageLink, executeScript, sendMessage };
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('injectPageScript', () => {
  it('injects at once, with no message first, into a tab it has never been in', async () => {
    const worker = await freshWorker(true);
    expect(await worker.injectPageScript(4, 0)).toEqual([0]);
    expect(worker.executeScript).toHaveBeenCalledTimes(1);
    expect(worker.sendMessage).not.toHaveBeenCalled();
  });

  it('after the worker was stopped and started again, asks the page rather than running the page script again', async () => {
    await (await freshWorker(true)).injectPageScript(4, 0);
    const again = await freshWorker(true);
    expect(await again.injectPageScript(4, 0)).toEqual([0]);
    expect(again.executeScript).not.toHaveBeenCalled();
    expect(again.sendMessage).toHaveBeenCalledTimes(1);
  });

  it('injects again when the page no longer answers (it navigated)', async () => {
    await (await freshWorker(true)).injectPageScript(4, 0);
    const again = await freshWorker(false);
    expect(await again.injectPageScript(4, 0)).toEqual([0]);
    expect(again.executeScript).toHaveBeenCalledTimes(1);
  });
});

describe('startPageTranslationIn', () => {
  type Injection = { target: { frameIds: number[] }; files?: string[]; func?: (key: string, value: unknown) => unknown; args?: [string, unknown] };
  const request = { target: 'es', corner: 'top-left' as const };

  it('leaves the request, then injects the translation alone (no page script, no message), in the top frame', async () => {
    const worker = await freshWorker(true);
    expect(await worker.startPageTranslationIn(4, request)).toBe('started');
    const calls = worker.executeScript.mock.calls.map(([i]) => i as Injection);
    expect(calls.map((c) => [c.target.frameIds, c.files ?? 'func'])).toEqual([
      [[0], 'func'],
      [[0], ['/content-scripts/page-translate.js']],
    ]);
    expect(worker.sendMessage).not.toHaveBeenCalled();
    // What the frame runs leaves the request where the script takes it.
    const scope = globalThis as Record<symbol, unknown>;
    vi.stubGlobal('document', { contentType: 'application/pdf' });
    expect(calls[0]!.func!(...calls[0]!.args!)).toBe('pdf');
    expect(scope[Symbol.for('voxlate.pageTranslateRequest')]).toBeUndefined();
    vi.stubGlobal('document', { contentType: 'text/html' });
    expect(calls[0]!.func!(...calls[0]!.args!)).toBe('page');
    vi.unstubAllGlobals();
    expect(scope[Symbol.for('voxlate.pageTranslateRequest')]).toEqual(request);
    delete scope[Symbol.for('voxlate.pageTranslateRequest')];
  });

  it('says a PDF is one, and the script finds nothing to start on there', async () => {
    const worker = await freshWorker(true);
    worker.executeScript.mockImplementation(async (injection) => [{ frameId: 0, documentId: 'doc-0', result: 'func' in injection ? 'pdf' : undefined }] as never);
    expect(await worker.startPageTranslationIn(4, request)).toBe('pdf');
  });

  it('leaves the request again when the top frame went away meanwhile', async () => {
    const worker = await freshWorker(true);
    let tries = 0;
    worker.executeScript.mockImplementation(async (injection) => {
      if ('files' in injection && tries++ === 0) throw new Error('Frame with ID 0 was removed.');
      return [{ frameId: 0, documentId: 'doc-0', result: 'func' in injection ? 'page' : undefined }] as never;
    });
    expect(await worker.startPageTranslationIn(4, request)).toBe('started');
    expect(worker.executeScript.mock.calls.map(([i]) => ((i as Injection).files ? 'script' : 'request'))).toEqual(['request', 'script', 'request', 'script']);
  });

  it('says the page cannot be used where the browser forbids it', async () => {
    const worker = await freshWorker(true);
    worker.executeScript.mockRejectedValue(new Error('Cannot access a chrome:// URL'));
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation((key) => key);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(worker.startPageTranslationIn(4, request)).rejects.toThrow('pageRestricted');
  });
});

describe('injectPageScript when the browser refuses', () => {
  it('tries the top page alone again when the clicked frame went away meanwhile', async () => {
    const worker = await freshWorker(true);
    const into: number[][] = [];
    worker.executeScript.mockImplementation(async (injection) => {
      const frameIds = (injection.target as { frameIds: number[] }).frameIds;
      into.push(frameIds);
      if (frameIds.includes(7)) throw new Error('Frame with ID 7 was removed.');
      return frameIds.map((frameId) => ({ frameId, documentId: `doc-${frameId}`, result: undefined })) as never;
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await worker.injectPageScript(4, 7)).toEqual([0]);
    expect(into).toEqual([[0, 7], [0]]);
  });

  it('says the page cannot be used where the browser forbids it, and keeps its words in the console', async () => {
    const worker = await freshWorker(true);
    worker.executeScript.mockRejectedValue(new Error('Cannot access a chrome:// URL'));
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation((key) => key);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(worker.injectPageScript(4, 0)).rejects.toThrow('pageRestricted');
    expect(worker.executeScript).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0])).toContain('chrome:// URL');
  });

  it('tells a frame that went away from a page that is refused', async () => {
    const worker = await freshWorker(true);
    expect(worker.frameWentAway(new Error('No frame with id 3 in tab 4.'))).toBe(true);
    expect(worker.frameWentAway(new Error('Frame with ID 0 was removed.'))).toBe(true);
    expect(worker.frameWentAway(new Error('Cannot access contents of url "https://x.test/". Extension manifest must request permission to access this host.'))).toBe(false);
    expect(worker.frameWentAway(new Error('Frame with ID 0 is showing error page'))).toBe(false);
  });
});
