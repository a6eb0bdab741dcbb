import { browser } from 'wxt/browser';
import { getSettings, settingsItem } from '../settings/items';
import { ownTab, type CheckedSender } from '../messaging/router';
import { translateFromTab } from './translate-tab';
import { EVERY_SITE } from '../settings/every-site';

/** The registered script's id, and the script (entrypoints/typed-trigger.content). */
const SCRIPT_ID = 'voxlate-typed-trigger';
const SCRIPT = 'content-scripts/typed-trigger.js';

let syncing: Promise<void> = Promise.resolve();

/**
 * The typed trigger's script is registered on every site while the option is on, and only then
 * (without it, no page of a site the user did not invoke us on runs anything of ours). Called at
 * every start of the worker and when the option changes; one change at a time.
 */
export function syncTypedTrigger(): Promise<void> {
  syncing = syncing.then(async () => {
    const on = (await getSettings()).writeTrigger;
    const registered = (await browser.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] })).length > 0;
    if (on && !registered) {
      await browser.scripting.registerContentScripts([{ id: SCRIPT_ID, js: [SCRIPT], matches: EVERY_SITE, allFrames: true, runAt: 'document_idle' }]);
    } else if (!on && registered) {
      await browser.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
    }
  }).catch(() => undefined);
  return syncing;
}

/** Keeps the registration in step with the option. */
export function watchTypedTriggerOption(): void {
  void syncTypedTrigger();
  settingsItem.watch((next, previous) => {
    if (next.writeTrigger !== previous?.writeTrigger) void syncTypedTrigger();
  });
}

/**
 * A page's typed trigger fired in one of its frames: what the user wrote there is translated, as
 * the shortcut does it. Heard only while the option is on (a script left from before is ignored).
 */
export async function onTypedTrigger(sender: CheckedSender): Promise<void> {
  if (!(await getSettings()).writeTrigger) return;
  await translateFromTab({ id: ownTab(sender) }, sender.frameId, undefined, true);
}
