import { CASE_RULES, glossaryEntrySchema, type CaseRule, type GlossaryEntry, type TranslateRule } from './entry';
import { readCsv, writeCsv, type CsvErrorKind } from './csv';

/**
 * The glossary as a CSV file, one entry a row, for spreadsheets and for keeping it across a
 * reinstall. The header names the columns (any order; the names are data, the same in every
 * language):
 *
 *   term, translate, translation, translation:<code>…, say, language, site, case
 *
 * `translate` is `keep`, `fixed` or `free` (empty: `fixed` when a translation is given, else
 * `free`); `translation` is the fixed translation into any language, `translation:de` the one
 * into German; `case` is `auto` (empty), `exact` or `any`. Empty cells are "none".
 */

const TRANSLATION_FOR = 'translation:';
const COLUMNS = ['term', 'translate', 'translation', 'say', 'language', 'site', 'case'] as const;
type Column = (typeof COLUMNS)[number];
const MODES = ['free', 'keep', 'fixed'] as const;

/** Why a line was not taken; the options page words it. */
export type CsvProblemKind =
  | CsvErrorKind
  /** The first line names no `term` column. */
  | 'noHeader'
  | 'unknownColumn'
  | 'duplicateColumn'
  /** More cells than the header has columns. */
  | 'tooManyCells'
  | 'missingTerm'
  /** A cell that is not allowed in its column (too long, an unknown `translate` or `case`, a bad language code). */
  | 'badValue'
  /** Neither a translation rule nor a "say": the row would do nothing. */
  | 'nothingToDo'
  /** The same term (and language and site) as an earlier row, which is kept. */
  | 'duplicateTerm';

export interface CsvProblem {
  line: number;
  kind: CsvProblemKind;
  /** The column at fault, as the header names it, when one is. */
  column?: string;
}

export interface GlossaryImport {
  entries: GlossaryEntry[];
  problems: CsvProblem[];
}

/**
 * A spreadsheet runs a cell that starts with = + - or @ as a formula (a term taken from a page
 * could be `=HYPERLINK(…)`): such a cell is written after a quote, which spreadsheets show as text
 * and the import takes off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/u;
const guarded = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
const unguarded = (value: string) => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

/** The glossary as CSV: a header, then one row per entry; a `translation:<code>` column for each target any entry names. */
export function glossaryToCsv(entries: readonly GlossaryEntry[]): string {
  const targets = [...new Set(entries.flatMap((e) => (e.translate.mode === 'fixed' ? Object.keys(e.translate.byTarget) : [])))].sort();
  const header = ['term', 'translate', 'translation', ...targets.map((t) => TRANSLATION_FOR + t), 'say', 'language', 'site', 'case'];
  const rows = entries.map((e) => {
    const fixed = e.translate.mode === 'fixed' ? e.translate : null;
    return [e.term, e.translate.mode, fixed?.text ?? '', ...targets.map((t) => fixed?.byTarget[t] ?? ''), e.say ?? '', e.language ?? '', e.site ?? '', e.case].map(guarded);
  });
  // A byte-order mark, so spreadsheets read the file as UTF-8 (the reader drops it).
  return `\uFEFF${writeCsv([header, ...rows])}`;
}

type Header = { named: Map<Column, number>; targets: Map<string, number> };

function readHeader(cells: readonly string[], line: number, problems: CsvProblem[]): Header | null {
  const named = new Map<Column, number>();
  const targets = new Map<string, number>();
  cells.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    const target = name.startsWith(TRANSLATION_FOR) ? name.slice(TRANSLATION_FOR.length) : null;
    const known = (COLUMNS as readonly string[]).includes(name) || (target !== null && /^[a-z]{2,3}$/u.test(target));
    if (!known) return problems.push({ line, kind: 'unknownColumn', column: raw });
    if (named.has(name as Column) || (target !== null && targets.has(target))) return problems.push({ line, kind: 'duplicateColumn', column: raw });
    if (target !== null) targets.set(target, i);
    else named.set(name as Column, i);
  });
  if (!named.has('term')) {
    problems.push({ line, kind: 'noHeader' });
    return null;
  }
  return { named, targets };
}

/** The entry a row stands for, or the problem with it. */
function readRow(cells: readonly string[], header: Header): GlossaryEntry | { kind: CsvProblemKind; column?: string } {
  const cell = (column: Column) => {
    const i = header.named.get(column);
    return i === undefined ? '' : unguarded((cells[i] ?? '').trim());
  };
  const term = cell('term');
  if (!term) return { kind: 'missingTerm', column: 'term' };
  const byTarget = Object.fromEntries([...header.targets].flatMap(([target, i]) => ((cells[i] ?? '').trim() ? [[target, unguarded((cells[i] ?? '').trim())]] : [])));
  const text = cell('translation') || null;
  const given = text !== null || Object.keys(byTarget).length > 0;
  const mode = (cell('translate').toLowerCase() || (given ? 'fixed' : 'free')) as TranslateRule['mode'];
  if (!MODES.includes(mode) || (mode !== 'fixed' && given)) return { kind: 'badValue', column: 'translate' };
  const caseRule = (cell('case').toLowerCase() || 'auto') as CaseRule;
  if (!CASE_RULES.includes(caseRule)) return { kind: 'badValue', column: 'case' };
  const say = cell('say') || null;
  if (mode === 'free' && say === null) return { kind: 'nothingToDo' };
  const translate: TranslateRule = mode === 'fixed' ? { mode, text, byTarget } : { mode };
  const parsed = glossaryEntrySchema.safeParse({ term, translate, say, language: cell('language').toLowerCase() || null, site: cell('site') || null, case: caseRule });
  if (parsed.success) return parsed.data;
  const at = parsed.error.issues[0]?.path ?? [];
  const column = at[0] === 'translate' ? (at[2] !== undefined ? TRANSLATION_FOR + String(at[2]) : 'translation') : String(at[0] ?? '');
  return column ? { kind: 'badValue', column } : { kind: 'badValue' };
}

/** Reads a glossary CSV: the entries of the good rows, and each bad row's line and kind. */
export function glossaryFromCsv(csv: string): GlossaryImport {
  const read = readCsv(csv);
  if (!read.ok) return { entries: [], problems: [{ line: read.line, kind: read.kind }] };
  const [first, ...rows] = read.records;
  if (!first) return { entries: [], problems: [{ line: 1, kind: 'noHeader' }] };
  const problems: CsvProblem[] = [];
  const header = readHeader(first.fields, first.line, problems);
  if (!header) return { entries: [], problems };
  const entries: GlossaryEntry[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.fields.length > first.fields.length) {
      problems.push({ line: row.line, kind: 'tooManyCells' });
      continue;
    }
    const entry = readRow(row.fields, header);
    if (!('term' in entry)) {
      problems.push({ line: row.line, ...entry });
      continue;
    }
    const key = JSON.stringify([entry.term, entry.language, entry.site]);
    if (seen.has(key)) {
      problems.push({ line: row.line, kind: 'duplicateTerm', column: 'term' });
      continue;
    }
    seen.add(key);
    entries.push(entry);
  }
  return { entries, problems };
}
