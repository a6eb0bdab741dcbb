import { captureShadowRoots } from '../page/shadow-host.test-helpers';
import { useEnglishMessages } from '../i18n.test-helpers';
import { createCaptionsOverlay, type CaptionsOverlay } from './captions-overlay';

/** The overlay on a fresh video of the test's document, in English: its closed root opened for the test, and what ends it. */
export interface OverlayOnVideo {
  overlay: CaptionsOverlay;
  root: ShadowRoot;
  life: AbortController;
  /** The visible button of the overlay named `name`, if there is one. */
  button: (name: string) => HTMLButtonElement | undefined;
}

export function overlayOnVideo(): OverlayOnVideo {
  useEnglishMessages();
  const roots = captureShadowRoots();
  const video = document.createElement('video');
  document.body.append(video);
  const life = new AbortController();
  const overlay = createCaptionsOverlay(video, life.signal);
  const root = roots[0]!;
  const button = (name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name && !b.hidden);
  return { overlay, root, life, button };
}

/** Removes every overlay the test left (and the page's body): after each test. */
export function removeOverlays(): void {
  document.body.replaceChildren();
  for (const host of document.querySelectorAll('voxlate-captions')) host.remove();
}
