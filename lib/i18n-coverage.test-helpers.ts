import ts from 'typescript';

/** A string in code that reads like words for the user, with where it is. */
export interface EnglishInCode {
  file: string;
  line: number;
  text: string;
}

/** Calls whose text is for developers: thrown plain errors and abort reasons (serializeError never passes their text on), logs. */
const DEVELOPER_CALLS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'DOMException', 'Symbol']);
/** Object properties and JSX attributes whose value is shown (or read out) to the user. */
const SHOWN_KEYS = new Set(['message', 'title', 'label', 'reason', 'cut', 'note', 'hint', 'justification', 'placeholder', 'alt', 'ariaLabel', 'aria-label']);
/** Calls whose text is shown to the user as it is. */
const SHOWN_CALLS = new Set(['ServiceError', 'makeServiceError', 'setBadge', 'setTitle']);

const WORDS = /\p{L}{2,} +\p{L}/u;
const SENTENCE_END = /[.!?…:;]["'”’)]*\s*$/u;
const SENTENCE_INSIDE = /[.!?]["'”’]?\s+\p{Lu}/u;
const CSS = /\{[^}]*:[^}]*;/;

/** The literal's text, with `{}` for every `${…}` of a template. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
  return null;
}

const calleeName = (call: ts.CallExpression | ts.NewExpression): string | null => {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return ts.isIdentifier(callee.expression) && callee.expression.text === 'console' ? 'console' : callee.name.text;
  return null;
};

/** What the literal is for: a developer's text, a place the user reads, or neither known. */
function purpose(node: ts.Node): 'developer' | 'shown' | 'unknown' {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const parent = at.parent;
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      if (parent.expression === at) return 'unknown';
      const name = calleeName(parent);
      if (name === 'console' || (name && DEVELOPER_CALLS.has(name))) return 'developer';
      if (name && SHOWN_CALLS.has(name)) return 'shown';
      return 'unknown';
    }
    if (ts.isPropertyAssignment(parent) && parent.initializer === at) {
      const key = ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name) ? parent.name.text : '';
      return SHOWN_KEYS.has(key) ? 'shown' : 'unknown';
    }
    if (ts.isJsxAttribute(parent)) {
      const name = parent.name.getText();
      return SHOWN_KEYS.has(name) ? 'shown' : 'developer';
    }
    // Through conditionals, concatenations, parentheses, `??` and arrays to what receives the text.
    if (!(ts.isConditionalExpression(parent) || ts.isBinaryExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isArrayLiteralExpression(parent) || ts.isTemplateSpan(parent) || ts.isTemplateExpression(parent) || ts.isJsxExpression(parent))) {
      return 'unknown';
    }
  }
  return 'unknown';
}

/**
 * Whether a string is English meant for the user: JSX text with a word; any text shown to the user
 * (a ServiceError's message, a notice's `message`, a badge's `title`, a button's `label`…) with two
 * words; anywhere else, words that end like a sentence or hold one. Developers' texts (thrown plain
 * errors, logs, class names) and CSS are not.
 */
function isEnglishForUser(node: ts.Node, text: string): boolean {
  if (ts.isJsxText(node)) return /\p{L}{2,}/u.test(text);
  const bare = text.replace(/\{\}/g, ' ').trim();
  if (!WORDS.test(bare) || CSS.test(text)) return false;
  const use = purpose(node);
  if (use === 'developer') return false;
  return use === 'shown' || SENTENCE_END.test(bare) || SENTENCE_INSIDE.test(bare);
}

/** Every string of a source file that reads like English words for the user. */
export function findEnglishInCode(file: string, source: string): EnglishInCode[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: EnglishInCode[] = [];
  const visit = (node: ts.Node): void => {
    const text = ts.isJsxText(node) ? node.text.trim() : literalText(node);
    if (text !== null && isEnglishForUser(node, text)) {
      found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text });
    }
    // A template's parts are one text; only the expressions inside it are visited apart.
    if (ts.isTemplateExpression(node)) node.templateSpans.forEach((span) => visit(span.expression));
    else ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
