import { schemeBehind } from './colors';

/** Our element on the page and the closed shadow root inside it. */
export interface ShadowHost {
  root: ShadowRoot;
  host: HTMLElement;
  /** Takes the host off the page. Safe to call twice. */
  remove(): void;
}

/**
 * Appends a host element to `doc.documentElement` with a closed shadow root, the only change we
 * make to a page's DOM. The host resets every inherited and page-set property (inline and
 * !important, which no page stylesheet outranks) and sits above everything: in the browser's top
 * layer (a manual popover), where no z-index of the page reaches, so a page cannot draw over a
 * figure we show while its clicks still reach our buttons. Styles are set through the CSSOM, not a
 * style attribute, so a page CSP that forbids inline styles allows them.
 */
export function createShadowHost(doc: Document, tagName = 'voxlate-ui', options: { topLayer?: boolean } = {}): ShadowHost {
  const host = doc.createElement(tagName);
  host.style.setProperty('all', 'initial', 'important');
  host.style.setProperty('position', 'fixed', 'important');
  host.style.setProperty('top', '0', 'important');
  host.style.setProperty('left', '0', 'important');
  host.style.setProperty('width', '0', 'important');
  host.style.setProperty('height', '0', 'important');
  host.style.setProperty('z-index', '2147483647', 'important');
  host.style.setProperty('overflow', 'visible', 'important');
  const root = host.attachShadow({ mode: 'closed' });
  doc.documentElement.append(host);
  if (options.topLayer !== false) showInTopLayer(host);
  return { root, host, remove: () => host.remove() };
}

/**
 * Puts our host in the top layer (a manual popover: no light dismiss, no focus change), above
 * everything the page draws, when the browser has popovers; where it has not, the z-index stays.
 */
export function showInTopLayer(host: HTMLElement): void {
  if (typeof host.showPopover !== 'function') return;
  host.setAttribute('popover', 'manual');
  // The popover's own box styles (inset, margin, border, padding) are reset like the rest.
  for (const name of ['inset', 'margin', 'border', 'padding', 'background', 'color']) host.style.setProperty(name, name === 'inset' ? 'auto' : 'initial', 'important');
  host.style.setProperty('top', '0', 'important');
  host.style.setProperty('left', '0', 'important');
  try {
    host.showPopover();
  } catch {
    // A document that does not allow it (not connected, already shown): the z-index stays.
  }
}

/**
 * Rules every stylesheet of ours starts with: the page cannot add content to our host with
 * `::before` / `::after` (our `!important` inside the shadow tree outranks the page's).
 */
export const HOST_GUARD_CSS = ':host::before, :host::after { content: none !important; display: none !important; }\n';

/**
 * Our dark look, as rules that apply while the host's `data-scheme` is "dark" (set by
 * {@link matchPageScheme} from what the page shows behind us, not from the system's setting): each
 * selector of `rules` (plain rules, one level, no at-rules) is scoped to that host.
 */
export function darkScheme(rules: string): string {
  return rules.replace(/([^{}]+)\{/g, (_, selectors: string) => `${selectors.split(',').map((s) => `:host([data-scheme="dark"]) ${s.trim()}`).join(', ')} {`);
}

/** Gives our UI in `host` the light or dark look that fits the page behind `box` (viewport px). */
export function matchPageScheme(host: HTMLElement, box: { left: number; top: number; width: number; height: number }): void {
  const scheme = schemeBehind(host.ownerDocument, box);
  if (host.dataset.scheme !== scheme) host.dataset.scheme = scheme;
}

/**
 * Gives `root` its own stylesheet: a constructed sheet (not subject to the page's style CSP)
 * where supported, else a `<style>` element inside the shadow root.
 */
export function setShadowStyles(root: ShadowRoot, guarded: string): void {
  const css = HOST_GUARD_CSS + guarded;
  const view = root.ownerDocument.defaultView;
  try {
    if (view && 'adoptedStyleSheets' in root) {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [sheet];
      return;
    }
  } catch {
    // Fall through to a style element (engines without constructable stylesheets).
  }
  const style = root.ownerDocument.createElement('style');
  style.textContent = css;
  root.prepend(style);
}

const CLAIMS = Symbol.for('voxlate.screenClaims');
type Claims = Set<() => Element | null>;
const claims = (): Claims => ((globalThis as { [CLAIMS]?: Claims })[CLAIMS] ??= new Set());

/**
 * Our UI that stays on screen (the page translation's control) says where it is, so that other
 * UI of ours (the in-page player) keeps clear of it: their boxes are inside closed shadow roots,
 * out of each other's reach, but our scripts in a frame share one isolated world. Undone on `signal`.
 */
export function claimScreenSpace(element: () => Element | null, signal: AbortSignal): void {
  claims().add(element);
  signal.addEventListener('abort', () => claims().delete(element), { once: true });
}

/** The boxes our on-screen UI takes, in viewport pixels. */
export function claimedScreenSpace(): DOMRect[] {
  return [...claims()].flatMap((element) => {
    const box = element()?.getBoundingClientRect();
    return box && (box.width || box.height) ? [box] : [];
  });
}
