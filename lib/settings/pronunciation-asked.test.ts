import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { askPronunciation, takePronunciationAsked } from './pronunciation-asked';

describe('the word and site a "Fix pronunciation" hands to the options page', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is kept in session storage (memory) and taken once', async () => {
    await askPronunciation({ write: 'Smith', site: 'news.example' });
    expect(await fakeBrowser.storage.session.get('pronunciationAsked')).toEqual({ pronunciationAsked: { write: 'Smith', site: 'news.example' } });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await takePronunciationAsked()).toEqual({ write: 'Smith', site: 'news.example' });
    expect(await takePronunciationAsked()).toBeNull();
  });

  it('ignores what is not such a request', async () => {
    await fakeBrowser.storage.session.set({ pronunciationAsked: { write: 42 } });
    expect(await takePronunciationAsked()).toBeNull();
  });
});
