import { restoreSnapshot } from './snapshot';

/**
 * popup-paint.js, loaded by popup.html as a plain script right after its root, before the popup's
 * module (React and the app): paints the first screen the popup showed last time (account, tab,
 * voices), which React then hydrates. Bundled on its own by wxt.config.ts (no extension API, no
 * polyfill: a few hundred bytes to run before the first paint).
 */
const root = document.getElementById('root');
if (root) restoreSnapshot(root);
