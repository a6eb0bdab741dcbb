/**
 * Picks the file name out of a `Content-Disposition` header, preferring the RFC 6266
 * `filename*=UTF-8''…` form. The name is reduced to its last path segment and stripped of
 * control characters because it ends up as a download name chosen by a remote server.
 * Falls back to `fallback` when the header has no usable name.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const candidates = [
    extended ? decodeExtended(extended[1] ?? '', extended[2] ?? '') : undefined,
    plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : undefined,
  ];
  for (const candidate of candidates) {
    const safe = candidate === undefined ? '' : sanitizeFileName(candidate);
    if (safe) return safe;
  }
  return fallback;
}

function decodeExtended(charset: string, value: string): string | undefined {
  const encoded = value.trim().replace(/^"|"$/g, '');
  try {
    if (charset.trim().toLowerCase() === 'utf-8') return decodeURIComponent(encoded);
    // RFC 8187 also allows ISO-8859-1, where each %XX byte is one character.
    return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return undefined;
  }
}

/** Keeps only the last path segment, without control characters or leading dots. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^[.\s]+/, '').trim();
}
