import { startApp } from './app-start';
import { restoreSnapshot } from './snapshot';

/**
 * popup-paint.js, loaded by popup.html as a plain script right after its root: paints the first
 * screen the popup showed last time (account, tab, voices), which React then hydrates, and starts
 * the app the page preloads (lib/popup/app-start.ts) once that screen is painted. Bundled on its
 * own by wxt.config.ts (no extension API, no polyfill: a few hundred bytes to run before the first
 * paint).
 */
const root = document.getElementById('root');
let painted = false;
try {
  painted = root !== null && restoreSnapshot(root);
} finally {
  startApp(document, painted);
}
