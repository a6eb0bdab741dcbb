import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountItem } from '../settings/cache-items';
import { apiKeyItem, updateSettings } from '../settings/items';
import { afterSpeechPaid, BALANCE_FRESH_MS, getAccount, knownBalance, markBalanceStale, noteCreditsSpent } from './account';
import { useEnglishMessages } from '../i18n.test-helpers';

const SERVICE = 'http://127.0.0.1:4010';
const NOW = 1_700_000_000_000;
const account = { email: 'pro@demo.test', plan: 'pro', credits: 500, fetchedAt: NOW, serviceUrl: SERVICE };

// Errors are worded from public/_locales/en, as in an English browser.
beforeEach(() => useEnglishMessages());

describe('the known balance', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await updateSettings({ serviceUrl: SERVICE });
  });

  it('is unknown without an account read from the configured service', async () => {
    expect(await knownBalance(NOW)).toBeNull();
    await accountItem.setValue({ ...account, serviceUrl: 'https://other.example' });
    expect(await knownBalance(NOW)).toBeNull();
  });

  it('is fresh for a minute after it was read, then stale', async () => {
    await accountItem.setValue(account);
    expect(await knownBalance(NOW + BALANCE_FRESH_MS - 1)).toEqual({ credits: 500, fresh: true });
    expect(await knownBalance(NOW + BALANCE_FRESH_MS)).toEqual({ credits: 500, fresh: false });
  });

  it('is stale at once after a reading, and stays so as known spending lowers it', async () => {
    await accountItem.setValue(account);
    await markBalanceStale();
    await noteCreditsSpent(20);
    expect(await knownBalance(NOW)).toEqual({ credits: 480, fresh: false });
  });

  it('is lowered by every spend settled at the same time, none written over by another', async () => {
    await accountItem.setValue(account);
    await Promise.all([noteCreditsSpent(20), noteCreditsSpent(30), markBalanceStale(), noteCreditsSpent(7)]);
    expect(await knownBalance(NOW)).toEqual({ credits: 443, fresh: false });
  });

  it('is read again for the popup once stale, instead of shown as it was', async () => {
    await accountItem.setValue(account);
    expect(await getAccount()).toMatchObject({ credits: 500 });
    await markBalanceStale();
    // No key is saved here, so reading it again fails, which shows that it was asked for.
    await expect(getAccount()).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});

describe('after a reading', () => {
  let userReads = 0;
  beforeEach(async () => {
    fakeBrowser.reset();
    userReads = 0;
    await updateSettings({ serviceUrl: SERVICE });
    await apiKeyItem.setValue('demo-pro');
    await accountItem.setValue(account);
    // The service's free GET /user, answering with a balance lowered by the reading.
    vi.stubGlobal('fetch', async () => {
      userReads += 1;
      const user = { id: 'usr_0123456789abcdef', email: 'pro@demo.test', credits: 430, plan: 'pro' };
      return new Response(JSON.stringify({ user }), { headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the balance while the price of speech in that format is still being learned', async () => {
    await afterSpeechPaid('mp3');
    expect(userReads).toBe(1);
    expect(await accountItem.getValue()).toMatchObject({ credits: 430 });
    expect((await accountItem.getValue())?.stale).toBeUndefined();
  });

  it('only marks it stale once that price is known: no request of the plan is spent', async () => {
    await fakeBrowser.storage.local.set({ speechPrice: { serviceUrl: SERVICE, byFormat: { mp3: { credits: 70, chars: 1000, requests: 4 } } } });
    await afterSpeechPaid('mp3');
    expect(userReads).toBe(0);
    expect(await accountItem.getValue()).toMatchObject({ credits: 500, stale: true });
  });
});
