/**
 * The glossary: one list of terms, each saying how to translate it and how to say it (issue 40).
 * Pure: no browser API, no storage, no request of its own; every surface reaches it the same way.
 *
 * How a surface calls it (the worker, which holds the gate and the gateway, does steps 1–4):
 * 1. `const matches = termsToProtect(text, entries, { language: source, site: host, target })`.
 * 2. No matches: translate as today, with `glossaryKeyPart(matches)` ('') in the cache key.
 * 3. Before the spend, `protectionFigure(text, matches)` gives the requests and the characters of
 *    each (credits: ceil(characters / 10) per request); the gate shows that figure.
 * 4. `await translateProtected(text, matches, translate, target)`, where `translate(texts)` is the
 *    gateway's batched call (`batchPieces` groups the texts into requests, `joinBatch` and
 *    `splitBatch` carry them); cache the answer under a key that includes `glossaryKeyPart(matches)`.
 * Speech: `sayTerms(text, entries, { language, site })` is what is sent to the voice (today's
 * `applyPronunciations`). Storage: `entriesFromPronunciations` turns today's pairs into entries;
 * `glossaryToCsv` / `glossaryFromCsv` export and import (problems are kinds with a line).
 */
export { CASE_RULES, glossaryEntrySchema, matchesCaseExactly, renderingFor, translateRuleSchema, type CaseRule, type GlossaryEntry, type TranslateRule } from './entry';
export { entriesAt, findTerms, sayTerms, termsToProtect, type FoundTerm, type TermMatch, type TextPlace } from './match';
export { assemble, planProtection, protectionFigure, ProtectionError, translateProtected, type ProtectionFigure, type ProtectionPlan, type RequestFigure, type TranslateTexts } from './protect';
export { batchPieces, joinBatch, MAX_REQUEST_CHARS, PIECE_SEPARATOR, splitBatch } from './batch';
export { glossaryKeyPart } from './cache-key';
export { protectedLengthBound, sayGrowthBound } from './spoken-bound';
export { glossaryFromCsv, glossaryToCsv, type CsvProblem, type CsvProblemKind, type GlossaryImport } from './csv-entries';
export { entriesFromPronunciations, type PronunciationPair } from './pronunciation';
