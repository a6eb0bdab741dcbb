// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { activeTabHasVideo, translateActiveTabCaptions } from './captions-tab';

type Injection = { target: { tabId: number; frameIds?: number[] }; func?: (...args: never[]) => unknown; args?: unknown[]; files?: string[] };

describe("the popup's Translate captions", () => {
  let tabId: number;
  let injected: Injection[];
  beforeEach(async () => {
    fakeBrowser.reset();
    document.body.innerHTML = '';
    injected = [];
    tabId = 7;
    // The tab the popup was opened over (the fake browser keeps no windows).
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: tabId, title: 'A video', index: 0 }] as never);
    // What the injected function finds, run here on this document as it would be in the page.
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockImplementation((async (injection: Injection) => {
      injected.push(injection);
      return [{ frameId: 0, result: injection.func ? (injection.func as (...args: unknown[]) => unknown)(...(injection.args ?? [])) : undefined }];
    }) as never);
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers it when the page the popup was opened over has a video, looking at its top page only', async () => {
    expect(await activeTabHasVideo()).toBe(false);
    document.body.innerHTML = '<video src="a.webm"></video>';
    expect(await activeTabHasVideo()).toBe(true);
    expect(injected.map((i) => i.target)).toEqual([{ tabId, frameIds: [0] }, { tabId, frameIds: [0] }]);
  });

  it('says no video where the page may not be scripted (the browser\'s own pages, a PDF)', async () => {
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockRejectedValue(new Error('Cannot access contents of the page'));
    expect(await activeTabHasVideo()).toBe(false);
  });

  it('looks at nothing when there is no tab under the popup', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([] as never);
    expect(await activeTabHasVideo()).toBe(false);
    await translateActiveTabCaptions();
    expect(injected).toEqual([]);
  });

  it('starts captions in that tab as the menu does naming no video: no clicked video left for the captions script, then the script', async () => {
    await translateActiveTabCaptions();
    expect(injected).toHaveLength(2);
    expect(injected[0]!.target).toEqual({ tabId, frameIds: [0] });
    expect(injected[0]!.args?.[1]).toEqual({});
    expect(injected[1]).toMatchObject({ target: { tabId, frameIds: [0] }, files: ['/content-scripts/captions.js'] });
  });
});
