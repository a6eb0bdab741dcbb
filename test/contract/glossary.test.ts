// @vitest-environment node
// The glossary's protection over real HTTP against the emulator's realistic translator (issue 40);
// bench/glossary.ts runs the whole set of 200 sentences and prints the figure.
import { describe, expect, it } from 'vitest';
import { protectionFigure } from '../../lib/glossary/protect';
import { httpTranslator, type Spent } from '../../lib/glossary/emulator.test-helpers';
import { protectedTranslator, runTestSet, testSentences } from '../../lib/glossary/test-set.test-helpers';
import { useEmulator } from './emulator-harness';

const emu = useEmulator({ translator: 'realistic' });
const KEY = 'demo-enterprise';
const sentences = testSentences(40);

describe('glossary terms through the realistic translator', () => {
  it('shows at least 99 % of terms exactly and no marker, at the cost figured before', async () => {
    const spent: Spent = { requests: 0, characters: 0 };
    const figured: Spent = { requests: 0, characters: 0 };
    const translate = protectedTranslator(httpTranslator(emu.url(), KEY, spent));
    const result = await runTestSet(sentences, (s, matches) => {
      const figure = protectionFigure(s.text, matches);
      figured.requests += figure.protected.requests;
      figured.characters += figure.protected.characters;
      return translate(s, matches);
    });
    expect(result.terms).toBeGreaterThan(50);
    expect(result.exact / result.terms).toBeGreaterThanOrEqual(0.99);
    expect(result.markers).toBe(0);
    expect(spent).toEqual(figured);
    expect((await emu.log()).filter((r) => r.path === '/api/v1/translate' && r.status === 200)).toHaveLength(figured.requests);
  });

  it('loses the terms when the same sentences are sent as they are (the translator is not lenient)', async () => {
    const spent: Spent = { requests: 0, characters: 0 };
    const translateFor = httpTranslator(emu.url(), KEY, spent);
    const result = await runTestSet(sentences, async (s) => (await translateFor(s.target)([s.text]))[0]!);
    expect(result.exact / result.terms).toBeLessThan(0.5);
  });
});
