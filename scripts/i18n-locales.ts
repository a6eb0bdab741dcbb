/** One entry of a locale's messages.json. */
export interface LocaleMessage {
  message: string;
  placeholders?: Record<string, { content: string }>;
}
export type LocaleMessages = Record<string, LocaleMessage>;

/** The `$NAME$` placeholders a message uses, lower-cased as the browser matches them (`$$` is a literal `$`). */
const usedPlaceholders = (message: string) =>
  [...new Set([...message.replace(/\$\$/g, '').matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()))];

/**
 * What must be identical in every translation of a message: its named `$NAME$` placeholders
 * (the browser fills them) and their definitions.
 */
export function placeholderSignature(entry: LocaleMessage): string {
  const named = usedPlaceholders(entry.message).map((name) => `$${name}$`);
  const defined = Object.entries(entry.placeholders ?? {}).map(([name, p]) => `${name.toLowerCase()}=${p.content}`);
  return named.sort().concat(defined.sort()).join(' ');
}

/**
 * Problems of one message on its own: empty, or a value put in another way than one placeholder
 * syntax (named `$NAME$` placeholders whose content is `$1`, `$2`…): a bare `$1` or a `{name}`
 * marker in the message, or a placeholder used but not defined, or defined but not used.
 */
export function messageProblems(key: string, entry: LocaleMessage): string[] {
  const problems: string[] = [];
  const message = entry.message.replace(/\$\$/g, '');
  if (!entry.message.trim()) problems.push(`empty message "${key}"`);
  if (/\$\d/.test(message)) problems.push(`"${key}" uses a bare $1: name it ($NAME$ with content "$1")`);
  if (/\{\w+\}/.test(message)) problems.push(`"${key}" uses a {name} marker: use a named $NAME$ placeholder`);
  const used = usedPlaceholders(message);
  const defined = Object.keys(entry.placeholders ?? {}).map((n) => n.toLowerCase());
  for (const name of used) if (!defined.includes(name)) problems.push(`"${key}" uses $${name.toUpperCase()}$ without defining it`);
  for (const name of defined) if (!used.includes(name)) problems.push(`"${key}" defines placeholder "${name}" but does not use it`);
  return problems;
}

/**
 * Problems of a translation against the English messages: missing, extra or empty keys,
 * placeholder mismatches and another placeholder syntax. `compareLocale(en, en)` checks en itself.
 */
export function compareLocale(en: LocaleMessages, other: LocaleMessages): string[] {
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(en)) {
    const translated = other[key];
    if (!translated) {
      problems.push(`missing key "${key}"`);
      continue;
    }
    problems.push(...messageProblems(key, translated));
    if (translated.message.trim() && placeholderSignature(translated) !== placeholderSignature(entry)) {
      problems.push(`placeholders of "${key}" differ: [${placeholderSignature(translated)}] vs en [${placeholderSignature(entry)}]`);
    }
  }
  for (const key of Object.keys(other)) if (!(key in en)) problems.push(`key "${key}" is not in en`);
  return problems;
}
