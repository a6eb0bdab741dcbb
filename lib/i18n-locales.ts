/** One entry of a locale's messages.json. */
export interface LocaleMessage {
  message: string;
  placeholders?: Record<string, { content: string }>;
}
export type LocaleMessages = Record<string, LocaleMessage>;

/**
 * What must be identical in every translation of a message: its named `$NAME$` placeholders
 * (the browser fills them), their definitions, and the bubble's `{name}` placeholders.
 */
export function placeholderSignature(entry: LocaleMessage): string {
  const named = [...entry.message.replace(/\$\$/g, '').matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => `$${m[1]!.toLowerCase()}$`);
  const braces = [...entry.message.matchAll(/\{(\w+)\}/g)].map((m) => `{${m[1]}}`);
  const defined = Object.entries(entry.placeholders ?? {}).map(([name, p]) => `${name.toLowerCase()}=${p.content}`);
  return [...new Set([...named, ...braces])].sort().concat(defined.sort()).join(' ');
}

/** Problems of a translation against the English messages: missing, extra or empty keys and placeholder mismatches. */
export function compareLocale(en: LocaleMessages, other: LocaleMessages): string[] {
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(en)) {
    const translated = other[key];
    if (!translated) problems.push(`missing key "${key}"`);
    else if (!translated.message.trim()) problems.push(`empty message "${key}"`);
    else if (placeholderSignature(translated) !== placeholderSignature(entry)) {
      problems.push(`placeholders of "${key}" differ: [${placeholderSignature(translated)}] vs en [${placeholderSignature(entry)}]`);
    }
  }
  for (const key of Object.keys(other)) if (!(key in en)) problems.push(`key "${key}" is not in en`);
  return problems;
}
