import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountItem } from '../settings/cache-items';
import { updateSettings } from '../settings/items';
import { BALANCE_FRESH_MS, getAccount, knownBalance, markBalanceStale, noteCreditsSpent } from './account';

const SERVICE = 'http://127.0.0.1:4010';
const NOW = 1_700_000_000_000;
const account = { email: 'pro@demo.test', plan: 'pro', credits: 500, fetchedAt: NOW, serviceUrl: SERVICE };

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

  it('is read again for the popup once stale, instead of shown as it was', async () => {
    await accountItem.setValue(account);
    expect(await getAccount()).toMatchObject({ credits: 500 });
    await markBalanceStale();
    // No key is saved here, so reading it again fails, which shows that it was asked for.
    await expect(getAccount()).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});
