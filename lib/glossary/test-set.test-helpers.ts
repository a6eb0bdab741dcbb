import type { GlossaryEntry } from './entry';
import { termsToProtect, type TermMatch } from './match';
import { translateProtected, type TranslateTexts } from './protect';

/**
 * The glossary test set of issue 40 (bench/glossary.ts runs 200 sentences, the contract test 40):
 * sentences built from templates, the same every run, with glossary terms at the start, in the
 * middle and at the end, several to a sentence, beside inflected words, in lists, quotes and
 * brackets, next to their own traps ("go" the verb beside "Go" the language, "rust" the oxide,
 * "cats"), and translated into alphabets and scripts written without spaces.
 */

const keep = (term: string, change: Partial<GlossaryEntry> = {}): GlossaryEntry => ({ term, translate: { mode: 'keep' }, say: null, language: null, site: null, case: 'auto', ...change });
const fixed = (term: string, text: string | null, byTarget: Record<string, string>): GlossaryEntry => keep(term, { translate: { mode: 'fixed', text, byTarget } });

export const TEST_GLOSSARY: GlossaryEntry[] = [
  keep('Go'),
  keep('GitHub'),
  keep('Firefox ESR'),
  keep('nginx'),
  keep('Voxlate'),
  keep('API'),
  keep('Rust'),
  fixed('cat', null, { de: 'Katze', es: 'gato', fr: 'chat', ja: '猫', zh: '猫' }),
  fixed('pull request', null, { de: 'Pull-Request', es: 'solicitud de cambios', ja: 'プルリクエスト', zh: '拉取请求' }),
  fixed('machine learning', 'ML', { ja: '機械学習' }),
  // Said only: never protected, never hides a shorter term.
  keep('Go language', { translate: { mode: 'free' }, say: 'go language' }),
];

/** What fills a slot, as written in the sentence. */
const TERMS = ['Go', 'GitHub', 'Firefox ESR', 'nginx', 'Voxlate', 'API', 'Rust', 'cat', 'pull request', 'machine learning', 'NGINX'];

const TEMPLATES = [
  '{0} is what our team uses every day.',
  'We go home early when {0} works.',
  'Yesterday she went to a talk about {0} and loved it.',
  'Everything we build ends up on {0}.',
  "Let's go over how {0} and {1} fit together.",
  'If {0} goes down, {1} still answers, and {2} keeps going.',
  'The rust on the old gate is older than {0}.',
  'My cats ignore {0}, but they love {1}.',
  '"{0}" was the first word on the slide.',
  'Why does {0} keep going slower after the update?',
  'Going forward, {0} replaces the old tools; {1} stays.',
  '{0}, {1} and {2}: three things to learn this year.',
  'Nobody knew that {0} was behind it all.',
  'I told him to go read about {0} first!',
  'They have been testing {0} since March (with {1}).',
  'The Go language talk mentioned {0} twice, then {0} again.',
  'In 2024, {0} shipped 12 releases and {1} shipped 3.',
  'Is {0} better than {1}?',
  'The {0} team writes docs while the others go hiking.',
  '{0} goes well with {1}, they say.',
];

export const TEST_TARGETS = ['de', 'es', 'ja', 'fr', 'zh'] as const;

/** One sentence of the set: its target and the terms it was written with (each counted once per slot filled). */
export interface TestSentence {
  text: string;
  target: string;
  /** The renderings the translation must show, one per term written. */
  expected: string[];
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The rendering a term written as `written` must have in `target` (null: the glossary leaves it to the translator there). */
function expectedRendering(written: string, target: string): string | null {
  const entry = TEST_GLOSSARY.find((e) => e.term.toLowerCase() === written.toLowerCase() && e.translate.mode !== 'free');
  if (!entry) return null;
  if (entry.translate.mode === 'keep') return written;
  if (entry.translate.mode === 'fixed') return entry.translate.byTarget[target] ?? entry.translate.text;
  return null;
}

/** The first `count` sentences of the set. */
export function testSentences(count: number): TestSentence[] {
  return Array.from({ length: count }, (_, i) => {
    const template = TEMPLATES[i % TEMPLATES.length]!;
    const target = TEST_TARGETS[Math.floor(i / TEMPLATES.length) % TEST_TARGETS.length]!;
    const expected: string[] = [];
    const text = template.replace(/\{(\d)\}/gu, (slot, k: string, at: number) => {
      let term = TERMS[(i * 7 + Number(k) * 3) % TERMS.length]!;
      if (at === 0) term = capitalise(term);
      const rendering = expectedRendering(term, target);
      if (rendering !== null) expected.push(rendering);
      return term;
    });
    return { text, target, expected };
  });
}

const MARKER = /\[\[?\s*\d+\s*\]?\]|\{\s*\d+\s*\}|⟦\s*\d+\s*⟧|<\s*\/?\s*x\s*\d+\s*\/?>|_{2}\s*[A-Za-z]+\s*\d+\s*_{2}|\d{3,}/giu;

/** Marker-like tokens of `translation` (placeholders, bracketed or long numbers) that the source does not have. */
export function markersShown(source: string, translation: string): string[] {
  return [...translation.matchAll(MARKER)].map((m) => m[0]).filter((m) => !source.includes(m));
}

/** How many of the expected renderings the translation shows: each as many times as expected. */
export function exactTerms(expected: readonly string[], translation: string): number {
  const counts = new Map<string, number>();
  for (const r of expected) counts.set(r, (counts.get(r) ?? 0) + 1);
  let exact = 0;
  for (const [rendering, want] of counts) exact += Math.min(want, translation.split(rendering).length - 1);
  return exact;
}

export interface TestSetResult {
  terms: number;
  exact: number;
  markers: number;
  /** Sentences with a term missing or a marker shown, with their translation. */
  misses: { text: string; target: string; translation: string }[];
}

/** Runs `sentences` through `translateOne` and scores the answers. */
export async function runTestSet(sentences: readonly TestSentence[], translateOne: (s: TestSentence, matches: TermMatch[]) => Promise<string>): Promise<TestSetResult> {
  const result: TestSetResult = { terms: 0, exact: 0, markers: 0, misses: [] };
  for (const s of sentences) {
    const matches = termsToProtect(s.text, TEST_GLOSSARY, { language: 'en', site: null, target: s.target });
    const translation = await translateOne(s, matches);
    const exact = exactTerms(s.expected, translation);
    const markers = markersShown(s.text, translation).length;
    result.terms += s.expected.length;
    result.exact += exact;
    result.markers += markers;
    if (exact < s.expected.length || markers > 0) result.misses.push({ text: s.text, target: s.target, translation });
  }
  return result;
}

/** The protected way: `translate` is one batched call per sentence (what the gateway will do). */
export function protectedTranslator(translateFor: (target: string) => TranslateTexts) {
  return (s: TestSentence, matches: TermMatch[]) => translateProtected(s.text, matches, translateFor(s.target), s.target);
}
