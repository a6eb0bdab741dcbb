import { describe, expect, it } from 'vitest';
import { languageByCode } from '../../emulator/languages';
import { translateRealistic } from '../../emulator/realistic-translate';
import { exactTerms, markersShown, protectedTranslator, runTestSet, TEST_TARGETS, testSentences } from './test-set.test-helpers';

const realistic = (target: string) => async (texts: string[]) => texts.map((t) => translateRealistic(t, languageByCode('en')!, languageByCode(target)!));

describe('the glossary test set', () => {
  const set = testSentences(200);

  it('is 200 sentences into every test target, with terms at the start, in the middle and at the end, several to a sentence', () => {
    expect(new Set(set.map((s) => s.text)).size).toBe(200);
    expect(new Set(set.map((s) => s.target))).toEqual(new Set(TEST_TARGETS));
    expect(set.some((s) => /^(Go|GitHub|Nginx|Cat) /u.test(s.text))).toBe(true);
    expect(set.some((s) => /(Go|GitHub|nginx|cat|API)\.$/u.test(s.text))).toBe(true);
    expect(set.filter((s) => s.expected.length >= 2).length).toBeGreaterThan(50);
    expect(set.reduce((n, s) => n + s.expected.length, 0)).toBeGreaterThan(250);
  });

  it('scores renderings as many times as written, and markers the source did not have', () => {
    expect(exactTerms(['Go', 'Go', 'Katze'], 'Go und Katze')).toBe(2);
    expect(markersShown('In 2024, Go.', 'In 2024, ⟦1⟧ [2] { 3} 1002.')).toEqual(['⟦1⟧', '[2]', '{ 3}', '1002']);
  });

  it('is translated with every term exact and no marker, against the realistic translator in-process', async () => {
    const result = await runTestSet(set, protectedTranslator(realistic));
    expect(result.misses).toEqual([]);
    expect(result.exact).toBe(result.terms);
    expect(result.markers).toBe(0);
  });

  it('loses most terms without protection, so the translator is a fair test', async () => {
    const result = await runTestSet(set, async (s) => (await realistic(s.target)([s.text]))[0]!);
    expect(result.exact / result.terms).toBeLessThan(0.2);
  });
});
