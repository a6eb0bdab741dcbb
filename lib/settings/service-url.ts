import { t } from '../i18n';

/** Result of checking a service address typed by the user. */
export type ServiceUrlCheck =
  | { ok: true; baseUrl: string; origin: string; originPattern: string }
  | { ok: false; message: string };

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/** 127.0.0.0/8, localhost or [::1]: addresses on this computer. */
export function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Checks a service address: https anywhere, plain http only on this computer (loopback), because
 * the API key travels in every request and must not cross a network in clear text.
 * Returns the normalised base URL (no trailing slash, no query) and the permission pattern for it.
 */
export function checkServiceUrl(input: string): ServiceUrlCheck {
  const text = input.trim();
  if (!text) return { ok: false, message: t('urlEmpty') };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: t('urlNotAddress', text) };
  }
  if (url.username || url.password) {
    return { ok: false, message: t('urlCredentials') };
  }
  const secure = url.protocol === 'https:';
  const localHttp = url.protocol === 'http:' && isLoopback(url.hostname);
  if (!secure && !localHttp) {
    return { ok: false, message: t(url.protocol === 'http:' ? 'urlNeedsHttps' : 'urlBadScheme') };
  }
  if (url.search || url.hash) {
    return { ok: false, message: t('urlQuery') };
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return {
    ok: true,
    baseUrl: `${url.origin}${path}`,
    origin: url.origin,
    // Match patterns carry no port: Chrome and Firefox match every port of the host.
    originPattern: `${url.protocol}//${url.hostname}/*`,
  };
}

/**
 * The service an address names, as the caches key it: the normalised base URL (so `https://x/`
 * and `https://x/api/v1` are one service), or the trimmed text when it is not a valid address.
 */
export function serviceIdentity(serviceUrl: string): string {
  const check = checkServiceUrl(serviceUrl);
  return check.ok ? check.baseUrl : serviceUrl.trim();
}

/** A dashboard address as typed: an http(s) address without credentials, or null. */
export function checkDashboardUrl(input: string): string | null {
  try {
    const url = new URL(input.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Where "Top up" takes the user: the dashboard address the options hold, else the service's own
 * origin (where its contract says keys and credits are managed); null when neither is set.
 */
export function dashboardAddress(settings: { serviceUrl: string; dashboardUrl: string }): string | null {
  const own = settings.dashboardUrl.trim() && checkDashboardUrl(settings.dashboardUrl);
  if (own) return own;
  const service = checkServiceUrl(settings.serviceUrl);
  return service.ok ? `${service.origin}/` : null;
}
