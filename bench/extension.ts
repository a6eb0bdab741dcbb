/**
 * Drives the real built extension for the benchmark: messages sent from one of its pages exactly
 * as its popup sends them (the @webext-core/messaging wire format over chrome.runtime), and the
 * reading and player figures read back.
 */
import type { Page, Worker } from '@playwright/test';

/** What every background handler answers (lib/messaging/result.ts). */
export type Result<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };

/** lib/messaging/protocol.ts PlayerStats. */
export interface PlayerStats {
  sessionId: string;
  startedAt: number;
  firstAudioAt: number | null;
  gapsMs: number[];
  chunksPlayed: number;
}

/** The parts of the stored reading (storage.session `reading`) the bench looks at. */
export interface StoredPlan {
  sessionId: string;
  params: { voiceId: string; language: string; speed: number; format: 'mp3' | 'wav' };
  chunks: { index: number; text: string; firstSentence: number; lastSentence: number }[];
  sentenceCount: number;
}

/**
 * Sends one protocol message from an extension page and returns the handler's Result, with
 * `sentAt`: Date.now() in the page right before chrome.runtime.sendMessage (the moment a click
 * on "Play" would send it).
 */
export async function send<T>(page: Page, type: string, data?: unknown): Promise<{ sentAt: number; result: Result<T> }> {
  return page.evaluate(
    ([type, data]) =>
      new Promise<{ sentAt: number; result: Result<T> }>((resolve, reject) => {
        // @webext-core/messaging: {id, type, data, timestamp} out; {res} or {err} back.
        const message = { id: Math.floor(Math.random() * 1e9), type, data, timestamp: Date.now() };
        const sentAt = Date.now();
        chrome.runtime.sendMessage(message, (response?: { res?: Result<T>; err?: unknown }) => {
          if (chrome.runtime.lastError) reject(new Error(chrome.runtime.lastError.message));
          else if (!response) reject(new Error(`no answer to ${type}`));
          else if (response.err !== undefined) reject(new Error(`${type} threw: ${JSON.stringify(response.err)}`));
          else resolve({ sentAt, result: response.res as Result<T> });
        });
      }),
    [type, data] as const,
  );
}

/** Like send, but returns the value or throws the handler's error. */
export async function call<T>(page: Page, type: string, data?: unknown): Promise<T> {
  const { result } = await send<T>(page, type, data);
  if (!result.ok) throw new Error(`${type}: ${result.error.kind}: ${result.error.message}`);
  return result.value;
}

/** The reading's plan as the background stored it, or null when no reading is under way. */
export async function storedPlan(background: Worker): Promise<StoredPlan | null> {
  return background.evaluate(async () => {
    const { reading } = (await chrome.storage.session.get('reading')) as { reading?: { plan: StoredPlan } | null };
    return reading?.plan ?? null;
  });
}

/** Sets one field of the stored settings (what the options page does when it is changed there). */
export async function setSetting(background: Worker, name: string, value: unknown): Promise<void> {
  await background.evaluate(
    async ([name, value]) => {
      const { settings } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({ settings: { ...((settings as object | undefined) ?? {}), [name]: value } });
    },
    [name, value] as const,
  );
}

/** The toolbar badge: '!' with a tooltip when a reading went wrong. */
export async function badge(background: Worker): Promise<{ text: string; title: string }> {
  return background.evaluate(async () => ({ text: await chrome.action.getBadgeText({}), title: await chrome.action.getTitle({}) }));
}

/** Calls the menu entry's handler as a click does, stamping Date.now() in the worker right before. */
export async function clickMenuStamped(background: Worker, tabId: number, menuItemId: string, selectionText: string | null): Promise<number> {
  return background.evaluate(
    async ([id, tab, text]) => {
      const hooks = (globalThis as never as { voxlateTestHooks: { onMenuClick: (i: unknown, t: unknown) => boolean } }).voxlateTestHooks;
      const t = await chrome.tabs.get(tab);
      const info = { menuItemId: id, frameId: 0, editable: false, pageUrl: t.url, ...(text ? { selectionText: text } : {}) };
      const at = Date.now();
      if (!hooks.onMenuClick(info, t)) throw new Error(`menu ${id} not handled`);
      return at;
    },
    [menuItemId, tabId, selectionText] as const,
  );
}
