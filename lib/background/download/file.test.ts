import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { downloadUrl, isOwnObjectUrl } from './file';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('the downloads plumbing', () => {
  it('hands the downloads API only object URLs of our own origin', () => {
    const origin = new URL(fakeBrowser.runtime.getURL('/')).origin;
    expect(isOwnObjectUrl(`blob:${origin}/0b5e3f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b`)).toBe(true);
    expect(isOwnObjectUrl('blob:https://video.test/0b5e3f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe(false);
    expect(isOwnObjectUrl(`${origin}/offscreen.html`)).toBe(false);
    expect(isOwnObjectUrl('data:audio/mpeg;base64,AAAA')).toBe(false);
  });

  it('saves without a prompt; files a private window’s download with it in Firefox only (Chrome has no such option)', async () => {
    const asked: Parameters<typeof fakeBrowser.downloads.download>[0][] = [];
    vi.spyOn(fakeBrowser.downloads, 'download').mockImplementation(async (options) => asked.push(options));
    await downloadUrl('blob:x/1', 'A.mp3', true);
    vi.stubEnv('FIREFOX', 'true');
    await downloadUrl('blob:x/2', 'B.mp3', true);
    await downloadUrl('blob:x/3', 'C.mp3');
    const base = { saveAs: false, conflictAction: 'uniquify' };
    expect(asked).toEqual([
      { url: 'blob:x/1', filename: 'A.mp3', ...base },
      { url: 'blob:x/2', filename: 'B.mp3', ...base, incognito: true },
      { url: 'blob:x/3', filename: 'C.mp3', ...base },
    ]);
  });
});
