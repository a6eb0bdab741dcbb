import { restoreSnapshot } from '@/lib/popup-snapshot';

/**
 * Loaded by popup.html as a plain script right after its root, before the popup's bundle (React and
 * the app) has loaded: paints the first screen the popup showed last time (account, tab, voices),
 * which React then hydrates. Nothing else: no messages, no extension API.
 */
export default defineUnlistedScript(() => {
  const root = document.getElementById('root');
  if (root) restoreSnapshot(root);
});
