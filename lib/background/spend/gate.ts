import { storage } from '#imports';
import { browser } from 'wxt/browser';
import { makeServiceError } from '../../api/errors';
import { createSerial } from '../../serial';

/*
 * The spend gate: the one place in the worker where consent to spend the user's credits lives.
 *
 * Every figure shown to the user is an offer kept here, under a random id, with where it was
 * asked (a page's tab, or the popup) and what it is for; the surface holds only the id. An offer
 * is honoured once, only where it was asked, for ten minutes.
 *
 * - A one-off action (a reading, a download, a translation, going back in a reading) keeps what
 *   it will do in its offer; agreeing (`takeOffer`) hands that back to run, with the figure.
 * - An action that spends as it goes (translating a page) holds a grant per tab: the credits the
 *   user agreed to, what it has spent and what its requests under way may still spend. A request
 *   is sent only when it fits in what is left; one that does not gets an offer instead, whose
 *   figure the surface shows ("up to N credits"), and only accepting that offer (`acceptOffer`)
 *   lets more be spent: never more than the figure shown.
 *
 * Ending an action (Show original, a new language, the tab closed or navigated) withdraws every
 * request of it not sent yet and forgets its grant; pausing withdraws the requests and keeps the
 * grant. Requests already with the service finish (they are paid) into the caches. A tab closed
 * or gone to another page leaves no question answerable.
 *
 * Grants and offers are kept in session storage, so a worker stopped meanwhile still knows what the
 * user agreed to; what is under way lives in memory, since it dies with the worker.
 */

/** A paid activity of a tab that asks and spends through the gate. */
export type SpendAction = 'page-translate' | 'captions' | 'captions-listen';

interface Grant {
  /** Credits the user agreed to, in all. */
  credits: number;
  /** Credits charged (or possibly charged) so far. */
  spent: number;
}

/** A figure shown to the user that they can agree to. */
export interface SpendOffer<T = unknown> {
  id: string;
  /** Where it was asked: a page's tab, or null for the popup. */
  tabId: number | null;
  /** What it is for: a running action's grant, or a one-off action's kind ('read', 'download', …). */
  action: string;
  credits: number;
  at: number;
  /** A one-off action's request: what to do once agreed. */
  request?: T;
}

/** A request's place in a grant, from before it is sent until it is over. */
export interface Reservation {
  /** The request is over: `charged` credits were (or may have been) spent; the rest is given back. */
  settle(charged: number): Promise<void>;
}

/** How long an offer can be accepted. */
const OFFER_TTL_MS = 10 * 60_000;

const grantsItem = storage.defineItem<Record<string, Grant>>('session:spendGrants', { fallback: {} });
const offersItem = storage.defineItem<Record<string, SpendOffer>>('session:spendOffers', { fallback: {} });

const keyOf = (tabId: number, action: SpendAction) => `${tabId}:${action}`;
const serial = createSerial();
/** What requests under way may still spend, per action (in memory: they die with the worker). */
const reserved = new Map<string, number>();
/** Withdraws an action's requests not sent yet. */
const withdrawals = new Map<string, AbortController>();

/** The signal an action's requests carry: it aborts when the action is paused or ended. */
export function actionSignal(tabId: number, action: SpendAction): AbortSignal {
  const key = keyOf(tabId, action);
  let controller = withdrawals.get(key);
  if (!controller || controller.signal.aborted) withdrawals.set(key, (controller = new AbortController()));
  return controller.signal;
}

function withdraw(key: string): void {
  withdrawals.get(key)?.abort(makeServiceError('cancelled'));
  withdrawals.delete(key);
}

/** Starts an action afresh: whatever the tab's previous one had under way or agreed to is withdrawn. */
export function beginAction(tabId: number, action: SpendAction): Promise<void> {
  return endAction(tabId, action);
}

/** Withdraws what an action has not sent yet; what the user agreed to stays (Pause). */
export function pauseAction(tabId: number, action: SpendAction): void {
  withdraw(keyOf(tabId, action));
}

/** Ends an action: nothing of it not sent yet is sent, and what the user agreed to is forgotten. */
export function endAction(tabId: number, action: SpendAction): Promise<void> {
  const key = keyOf(tabId, action);
  withdraw(key);
  return serial(async () => {
    const { [key]: _ended, ...grants } = await grantsItem.getValue();
    await grantsItem.setValue(grants);
    await dropOffers((offer) => offer.tabId === tabId && offer.action === action);
  });
}

/** Ends every action of a tab (closed, or gone to another page). */
export async function endTab(tabId: number): Promise<void> {
  for (const key of [...withdrawals.keys()]) if (key.startsWith(`${tabId}:`)) withdraw(key);
  await serial(async () => {
    const grants = await grantsItem.getValue();
    await grantsItem.setValue(Object.fromEntries(Object.entries(grants).filter(([key]) => !key.startsWith(`${tabId}:`))));
    await dropOffers((offer) => offer.tabId === tabId);
  });
}

/**
 * Tabs closed since the worker started (Chrome and Firefox never give a closed tab's id to another):
 * an action that was still getting ready when its tab closed gets no grant afterwards.
 */
const closedTabs = new Set<number>();

/** Agrees, without asking, to `credits` for an action (below the user's threshold); nothing for a closed tab. */
export function grantWithoutAsking(tabId: number, action: SpendAction, credits: number): Promise<void> {
  return serial(async () => {
    if (closedTabs.has(tabId)) return;
    const grants = await grantsItem.getValue();
    await grantsItem.setValue({ ...grants, [keyOf(tabId, action)]: { credits, spent: 0 } });
  });
}

/**
 * A figure to show the user where they are (`tabId`; null: the popup). Accepting it lets a running
 * action spend that much more (acceptOffer); a one-off action keeps its `request` in it (takeOffer).
 */
export function offerSpend<T>(tabId: number | null, action: string, credits: number, request?: T): Promise<SpendOffer<T>> {
  return serial(async () => {
    const now = Date.now();
    const offer: SpendOffer<T> = { id: crypto.randomUUID(), tabId, action, credits, at: now, ...(request === undefined ? {} : { request }) };
    const offers = Object.fromEntries(Object.entries(await offersItem.getValue()).filter(([, o]) => now - o.at < OFFER_TTL_MS));
    await offersItem.setValue({ ...offers, [offer.id]: offer });
    return offer;
  });
}

/** Whether an offer may be answered from `tabId` now: asked there, and not expired. */
const answerable = (offer: SpendOffer | undefined, tabId: number | null | undefined): offer is SpendOffer =>
  offer !== undefined && offer.tabId === (tabId ?? null) && Date.now() - offer.at < OFFER_TTL_MS;

/**
 * The user agreed, where it was asked (`tabId`), to a one-off action's offer: it is handed back to
 * run, once. Null for an unknown, used, expired or elsewhere-asked offer (which stays for its asker).
 */
export function takeOffer(offerId: string, tabId: number | null): Promise<SpendOffer | null> {
  return serial(async () => {
    const { [offerId]: offer, ...rest } = await offersItem.getValue();
    if (!answerable(offer, tabId)) return null;
    await offersItem.setValue(rest);
    return offer;
  });
}

/** The user declined an offer, where it was asked: it is forgotten. */
export function declineOffer(offerId: string, tabId: number | null): Promise<void> {
  return serial(async () => {
    const { [offerId]: offer, ...rest } = await offersItem.getValue();
    if (offer?.tabId === tabId) await offersItem.setValue(rest);
  });
}

/**
 * The user agreed to an offer on the page of `tabId`: from now on its action may spend the offer's
 * credits beyond what it spent and has under way; the action's other offers are void. Once; false
 * for an unknown, used, expired or other tab's offer.
 */
export function acceptOffer(offerId: string, tabId: number | undefined): Promise<boolean> {
  return serial(async () => {
    const offers = await offersItem.getValue();
    const offer = offers[offerId];
    // A one-off action's offer is taken, not accepted into a grant.
    if (!answerable(offer, tabId) || offer.request !== undefined || offer.tabId === null) return false;
    await offersItem.setValue(Object.fromEntries(Object.entries(offers).filter(([, o]) => o.tabId !== offer.tabId || o.action !== offer.action)));
    const key = keyOf(offer.tabId, offer.action as SpendAction);
    const grants = await grantsItem.getValue();
    const spent = grants[key]?.spent ?? 0;
    await grantsItem.setValue({ ...grants, [key]: { credits: spent + (reserved.get(key) ?? 0) + offer.credits, spent } });
    return true;
  });
}

/**
 * Holds `cost` credits of an action's grant for one request about to be sent; null when the
 * grant does not cover it (nothing may be sent: make an offer instead).
 */
export function reserve(tabId: number, action: SpendAction, cost: number): Promise<Reservation | null> {
  const key = keyOf(tabId, action);
  return serial(async () => {
    const grant = (await grantsItem.getValue())[key];
    const held = reserved.get(key) ?? 0;
    if (!grant || grant.spent + held + cost > grant.credits) return null;
    reserved.set(key, held + cost);
    let settled = false;
    return {
      settle: (charged: number) =>
        serial(async () => {
          if (settled) return;
          settled = true;
          reserved.set(key, Math.max(0, (reserved.get(key) ?? 0) - cost));
          if (charged <= 0) return;
          const grants = await grantsItem.getValue();
          // The action may have ended meanwhile: its grant is gone, nothing more to count.
          const current = grants[key];
          if (current) await grantsItem.setValue({ ...grants, [key]: { ...current, spent: current.spent + charged } });
        }),
    };
  });
}

/** What an action may still spend now (for tests and the panel): null without a grant. */
export async function grantLeft(tabId: number, action: SpendAction): Promise<number | null> {
  const key = keyOf(tabId, action);
  const grant = (await grantsItem.getValue())[key];
  return grant ? grant.credits - grant.spent - (reserved.get(key) ?? 0) : null;
}

async function dropOffers(drop: (offer: SpendOffer) => boolean): Promise<void> {
  const offers = await offersItem.getValue();
  await offersItem.setValue(Object.fromEntries(Object.entries(offers).filter(([, offer]) => !drop(offer))));
}

/**
 * A tab closed or gone to another document ends its actions. Registered at the worker's start,
 * synchronously, so the event that woke a stopped worker is heard.
 */
export function endActionsWithTabs(): void {
  browser.tabs.onRemoved.addListener((tabId) => {
    closedTabs.add(tabId);
    void endTab(tabId);
  });
  browser.tabs.onUpdated.addListener((tabId, change) => {
    // A document loads in the tab (another page, or the same one again): the page that asked is gone.
    if (change.status === 'loading') void endTab(tabId);
  });
}
