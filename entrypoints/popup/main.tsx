import '@/lib/zod-setup';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The styles: wxt.config.ts puts them inline in popup.html's head (no request before the first paint).
import '@/components/theme.css';
import '@/components/popup/popup.css';
import { applyUiLanguage } from '@/lib/i18n';
import { dropSnapshot, saveSnapshot } from '@/lib/popup/snapshot';
import { readCachedData } from '@/components/popup/cached-data';
import { PopupApp } from '@/components/popup/popup-app';

// The popup's app: popup.html preloads it (fetched and compiled while the page is parsed) and
// popup-paint.js runs it, once the last first screen it put on the page is painted (at once when
// there was none; lib/popup/app-start.ts). React takes those very elements over.
// Test builds: the app's start, and the elements on the page before it ran (Firefox's check).
if (__VOXLATE_TEST_HOOKS__) performance.mark('voxlate:script');
const root = document.getElementById('root')!;
if (__VOXLATE_TEST_HOOKS__) window.__voxlateBeforeApp = [...root.querySelectorAll('*')];
applyUiLanguage();
// The first render waits only for local storage (a few ms), so it already shows what is known.
void readCachedData().then((cached) => {
  if (__VOXLATE_TEST_HOOKS__) performance.mark('voxlate:cached');
  // Its markup is kept for the next opening, which paints it before this module runs (popup-paint.js);
  // only with a known account (never a "not set up" or another service's screen to show first).
  const keep = () => (cached.account ? saveSnapshot(root) : dropSnapshot());
  const app = <PopupApp cached={cached} onFirstRender={keep} />;
  // Painted from that snapshot: React takes the same elements over. Where they no longer match
  // (new credits, another account) React replaces them in the same commit; that is expected.
  if (root.hasChildNodes()) hydrateRoot(root, app, { onRecoverableError: () => undefined });
  else createRoot(root).render(app);
});
