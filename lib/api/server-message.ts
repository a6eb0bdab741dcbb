const MAX_LENGTH = 200;

/**
 * Finds a human-readable message in an error body of any shape: JSON (`message`, `error`,
 * `error.message`, `detail`, `errors[0].message`, ...), HTML (`<title>` or the tag-stripped
 * text) or plain text (first non-empty line). Returns undefined when there is nothing useful.
 * The result is capped at ~200 characters; it is not redacted (the caller knows the secret).
 */
export function extractServerMessage(body: string, contentType?: string | null): string | undefined {
  const text = body.trim();
  if (!text) return undefined;
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json') || /^[[{]/.test(text)) {
    const fromJson = messageFromJsonText(text);
    if (fromJson !== undefined || type.includes('json')) return cap(fromJson);
  }
  if (type.includes('html') || /^<(!doctype|html|head|body|title|h1|p|div)\b/i.test(text)) {
    return cap(messageFromHtml(text));
  }
  return cap(text.split(/\r?\n/).find((line) => line.trim())?.trim());
}

function messageFromJsonText(text: string): string | undefined {
  try {
    return messageFromJson(JSON.parse(text) as unknown, 0);
  } catch {
    return undefined;
  }
}

const MESSAGE_KEYS = ['message', 'error', 'detail', 'error_description', 'title', 'msg', 'errors', 'description'];

function messageFromJson(value: unknown, depth: number): string | undefined {
  // Depth cap: error bodies are shallow; a deep object is not worth walking.
  if (depth > 3 || value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) return messageFromJson(value[0], depth + 1);
  if (typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  for (const key of MESSAGE_KEYS) {
    const found = messageFromJson(record[key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

function messageFromHtml(html: string): string | undefined {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const raw = title?.trim()
    ? title
    : html
        .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
        .replace(/<[^>]*>/g, ' ');
  const text = raw.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
  return text.replace(/\s+/g, ' ').trim() || undefined;
}

function cap(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_LENGTH ? flat : `${flat.slice(0, MAX_LENGTH - 1)}…`;
}
