const REDACTED = '[redacted]';

/**
 * Removes a secret (and anything shaped like a bearer token) from text that came from outside,
 * because a server that echoes the request back would otherwise put the API key into an error
 * message the UI shows and the logs keep.
 */
export function redactSecret(text: string, secret?: string): string {
  let out = text;
  if (secret && secret.length > 0) {
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      out = out.split(form).join(REDACTED);
    }
  }
  return out.replace(/\b(Bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`);
}
