import { browser } from 'wxt/browser';

/*
 * The sites the user has let Voxlate into (host permissions), known at once: a menu click must ask
 * for a missing one in its own turn (the browser takes the question from the user only then), so
 * whether it is missing cannot wait for an answer from the browser.
 */

let granted: string[] = [];

/** Keeps the list of granted sites in step with the browser's. */
export function watchSiteAccess(): void {
  const refresh = () =>
    void browser.permissions.getAll().then(
      (all) => (granted = all.origins ?? []),
      () => undefined,
    );
  refresh();
  browser.permissions.onAdded.addListener(refresh);
  browser.permissions.onRemoved.addListener(refresh);
}

/** Whether the match pattern `pattern` (e.g. "https://*.example.org/*") covers `origin` ("https://a.example.org:8080"). */
export function patternCovers(pattern: string, origin: string): boolean {
  if (pattern === '<all_urls>') return /^(https?|file):/.test(origin);
  const match = /^(\*|https?|file):\/\/([^/]*)\//.exec(pattern);
  if (!match || !URL.canParse(origin)) return false;
  const [, scheme, host] = match;
  const url = new URL(origin);
  const protocol = url.protocol.slice(0, -1);
  if (scheme === '*' ? protocol !== 'http' && protocol !== 'https' : scheme !== protocol) return false;
  // A pattern's host has no port: it covers the host on every port.
  if (host === '*') return true;
  if (host!.startsWith('*.')) return url.hostname === host!.slice(2) || url.hostname.endsWith(host!.slice(1));
  return url.hostname === host;
}

/**
 * The pattern that asks for one site, `origin` ("http://localhost:8080"): its scheme and host, every
 * port. Firefox takes no port in a pattern (its match patterns have none), and a site is its host.
 */
export function sitePattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

/** Whether the user has let Voxlate into `origin`, as last heard from the browser. */
export function mayEnter(origin: string): boolean {
  return granted.some((pattern) => patternCovers(pattern, origin));
}
