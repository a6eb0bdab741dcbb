import '@/lib/zod-setup';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { applyUiLanguage } from '@/lib/i18n';
import { dropSnapshot, saveSnapshot } from '@/lib/popup/snapshot';
import { readCachedData } from '@/components/popup/cached-data';
import { PopupApp } from '@/components/popup/popup-app';

// The popup's app, loaded by main.tsx (after the first paint when there is a kept first screen).
if (__VOXLATE_TEST_HOOKS__) performance.mark('voxlate:script');
applyUiLanguage();
const root = document.getElementById('root')!;
// The first render waits only for local storage (a few ms), so it already shows what is known.
void readCachedData().then((cached) => {
  if (__VOXLATE_TEST_HOOKS__) performance.mark('voxlate:cached');
  // Its markup is kept for the next opening, which paints it before this bundle runs (popup-paint.js);
  // only with a known account (never a "not set up" or another service's screen to show first).
  const keep = () => (cached.account ? saveSnapshot(root) : dropSnapshot());
  const app = <PopupApp cached={cached} onFirstRender={keep} />;
  // Painted from that snapshot: React takes the same elements over. Where they no longer match
  // (new credits, another account) React replaces them in the same commit; that is expected.
  if (root.hasChildNodes()) hydrateRoot(root, app, { onRecoverableError: () => undefined });
  else createRoot(root).render(app);
});
