import { languageByCode } from '../language';
import { batchPieces, joinBatch, splitBatch } from './batch';
import type { TranslateTexts } from './protect';

/** Requests and characters sent so far. */
export interface Spent {
  requests: number;
  characters: number;
}

/**
 * A `TranslateTexts` over real HTTP to the service (the emulator in tests and the benchmark): the
 * texts grouped as `batchPieces` groups them, one POST /api/v1/translate per group, as the
 * gateway will send them. Counts what it sent into `spent`.
 */
export function httpTranslator(baseUrl: string, apiKey: string, spent: Spent) {
  return (target: string): TranslateTexts =>
    async (texts) => {
      const out: string[] = [];
      for (const batch of batchPieces(texts)) {
        const text = joinBatch(batch.map((i) => texts[i]!));
        const res = await fetch(`${baseUrl}/api/v1/translate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text, target_language: languageByCode(target)!.name, source_language: 'English' }),
        });
        if (!res.ok) throw new Error(`translate: HTTP ${res.status} ${await res.text()}`);
        spent.requests++;
        spent.characters += [...text].length;
        const pieces = splitBatch(((await res.json()) as { translation: string }).translation, batch.length);
        if (!pieces) throw new Error('translate: the answer lost a paragraph break');
        out.push(...pieces);
      }
      return out;
    };
}
