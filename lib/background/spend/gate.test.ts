import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useEnglishMessages } from '../../i18n.test-helpers';
import { acceptOffer, actionSignal, beginAction, declineOffer, endActionsWithTabs, endTab, grantLeft, grantWithoutAsking, offerSpend, pauseAction, reserve, takeOffer } from './gate';

const TAB = 3;
const ACTION = 'page-translate';

beforeEach(() => {
  useEnglishMessages();
  fakeBrowser.reset();
});

describe('the spend gate', () => {
  it('holds nothing until the user agrees: no grant, no reservation', async () => {
    await beginAction(TAB, ACTION);
    expect(await grantLeft(TAB, ACTION)).toBeNull();
    expect(await reserve(TAB, ACTION, 1)).toBeNull();
  });

  it('reserves within the grant, counts what was charged, and gives back what was not', async () => {
    await grantWithoutAsking(TAB, ACTION, 100);
    const a = (await reserve(TAB, ACTION, 60))!;
    // Side by side, two requests never add up to more than what was agreed to.
    expect(await reserve(TAB, ACTION, 50)).toBeNull();
    const b = (await reserve(TAB, ACTION, 40))!;
    expect(await grantLeft(TAB, ACTION)).toBe(0);
    await a.settle(60);
    await b.settle(0);
    await b.settle(40);
    expect(await grantLeft(TAB, ACTION)).toBe(40);
  });

  it('an accepted offer lets exactly its figure more be spent, beyond what is spent and under way', async () => {
    await grantWithoutAsking(TAB, ACTION, 100);
    const held = (await reserve(TAB, ACTION, 70))!;
    await (await reserve(TAB, ACTION, 30))!.settle(30);
    const offer = await offerSpend(TAB, ACTION, 25);
    expect(await acceptOffer(offer.id, TAB)).toBe(true);
    expect(await grantLeft(TAB, ACTION)).toBe(25);
    await held.settle(70);
    expect(await grantLeft(TAB, ACTION)).toBe(25);
  });

  it('an offer is accepted once, from its own tab only, and accepting one voids the others of the action', async () => {
    const screen = await offerSpend(TAB, ACTION, 10);
    const page = await offerSpend(TAB, ACTION, 90);
    expect(await acceptOffer(screen.id, TAB + 1)).toBe(false);
    expect(await acceptOffer('made-up', TAB)).toBe(false);
    expect(await acceptOffer(screen.id, TAB)).toBe(true);
    expect(await acceptOffer(screen.id, TAB)).toBe(false);
    expect(await acceptOffer(page.id, TAB)).toBe(false);
    expect(await grantLeft(TAB, ACTION)).toBe(10);
  });

  it('Pause withdraws what is not sent and keeps the grant; starting again forgets the grant and the offers', async () => {
    await grantWithoutAsking(TAB, ACTION, 50);
    const signal = actionSignal(TAB, ACTION);
    pauseAction(TAB, ACTION);
    expect(signal.aborted).toBe(true);
    expect(actionSignal(TAB, ACTION).aborted).toBe(false);
    expect(await grantLeft(TAB, ACTION)).toBe(50);

    const offer = await offerSpend(TAB, ACTION, 10);
    const next = actionSignal(TAB, ACTION);
    await beginAction(TAB, ACTION);
    expect(next.aborted).toBe(true);
    expect(await grantLeft(TAB, ACTION)).toBeNull();
    expect(await acceptOffer(offer.id, TAB)).toBe(false);
  });

  it('a grant that comes after its tab closed is not given: nothing can be sent for that tab', async () => {
    const closing = 41;
    endActionsWithTabs();
    await beginAction(closing, ACTION);
    // The page translation was still looking in its cache when the tab closed.
    await fakeBrowser.tabs.onRemoved.trigger(closing, { windowId: 1, isWindowClosing: false });
    await grantWithoutAsking(closing, ACTION, 500);
    expect(await grantLeft(closing, ACTION)).toBeNull();
    expect(await reserve(closing, ACTION, 1)).toBeNull();
  });

  it('a tab closed or loading another page ends its actions, and no other tab’s', async () => {
    endActionsWithTabs();
    await grantWithoutAsking(TAB, ACTION, 50);
    await grantWithoutAsking(TAB + 1, ACTION, 50);
    const signal = actionSignal(TAB, ACTION);
    await fakeBrowser.tabs.onRemoved.trigger(TAB, { windowId: 1, isWindowClosing: false });
    await expect.poll(() => grantLeft(TAB, ACTION)).toBeNull();
    expect(signal.aborted).toBe(true);
    expect(await grantLeft(TAB + 1, ACTION)).toBe(50);

    const other = actionSignal(TAB + 1, ACTION);
    await fakeBrowser.tabs.onUpdated.trigger(TAB + 1, { status: 'loading' }, {} as never);
    await expect.poll(() => grantLeft(TAB + 1, ACTION)).toBeNull();
    expect(other.aborted).toBe(true);
    await endTab(TAB + 1);
  });

  it('a one-off action’s question is answered once, only where it was asked; a closed tab leaves it unanswerable', async () => {
    endActionsWithTabs();
    const onPage = await offerSpend(TAB, 'read', 120, { tabId: TAB, text: 'A long page.' });
    const inPopup = await offerSpend(null, 'download', 80, { text: 'Some text.' });
    // Not a grant: a one-off action's figure cannot be accepted into a running action's budget.
    expect(await acceptOffer(onPage.id, TAB)).toBe(false);
    // Another tab, or the popup, neither takes nor cancels a page's question (it stays for its asker).
    expect(await takeOffer(onPage.id, TAB + 1)).toBeNull();
    expect(await takeOffer(onPage.id, null)).toBeNull();
    await declineOffer(onPage.id, TAB + 1);
    expect(await takeOffer(onPage.id, TAB)).toMatchObject({ action: 'read', credits: 120, request: { text: 'A long page.' } });
    expect(await takeOffer(onPage.id, TAB)).toBeNull();
    // The popup's: a page cannot answer it; declined in the popup, it is gone.
    expect(await takeOffer(inPopup.id, TAB)).toBeNull();
    await declineOffer(inPopup.id, null);
    expect(await takeOffer(inPopup.id, null)).toBeNull();

    const asked = await offerSpend(TAB, 'reach', 40, { tabId: TAB, sentence: 0 });
    await grantWithoutAsking(TAB, ACTION, 10);
    await fakeBrowser.tabs.onRemoved.trigger(TAB, { windowId: 1, isWindowClosing: false });
    // The tab's end is seen by its grant going (the same step forgets its questions).
    await expect.poll(() => grantLeft(TAB, ACTION)).toBeNull();
    expect(await takeOffer(asked.id, TAB)).toBeNull();
  });
});
