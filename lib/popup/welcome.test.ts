import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sampleTarget, welcomeOnInstall } from './welcome';

beforeEach(() => fakeBrowser.reset());

// The fake browser starts with one blank tab of its own.
const openTabs = async () => (await fakeBrowser.tabs.query({})).flatMap((tab) => (tab.url ? [tab.url] : []));

describe('welcomeOnInstall', () => {
  it('opens the welcome page on a new install', async () => {
    await welcomeOnInstall({ reason: 'install' });
    expect(await openTabs()).toEqual([fakeBrowser.runtime.getURL('/welcome.html')]);
  });

  it('opens nothing on an update or a browser update', async () => {
    await welcomeOnInstall({ reason: 'update', previousVersion: '1.0.0' });
    await welcomeOnInstall({ reason: 'chrome_update' } as never);
    expect(await openTabs()).toEqual([]);
  });
});

describe('sampleTarget', () => {
  it('keeps a target other than the sample’s language', () => {
    expect(sampleTarget('de', 'fr')).toBe('fr');
    expect(sampleTarget('en-US', 'ja')).toBe('ja');
  });

  it('picks another language when the target is the sample’s own', () => {
    expect(sampleTarget('en-GB', 'en')).toBe('es');
    expect(sampleTarget('ja', 'ja')).toBe('en');
  });
});
