import '@/lib/zod-setup';
import { createRoot } from 'react-dom/client';
import { applyUiLanguage } from '@/lib/i18n';
import { readCachedData } from '@/components/popup/cached-data';
import { PopupApp } from '@/components/popup/popup-app';
import '@/components/theme.css';
import '@/components/popup/popup.css';

// Test builds mark the time to first render (window.__voxlateFirstRender) for the benchmark.
if (__VOXLATE_TEST_HOOKS__) performance.mark('voxlate:script');
applyUiLanguage();
// The first render waits only for local storage (a few ms), so it already shows what is known.
void readCachedData().then((cached) => {
  if (__VOXLATE_TEST_HOOKS__) performance.mark('voxlate:cached');
  createRoot(document.getElementById('root')!).render(<PopupApp cached={cached} />);
});
