/**
 * `tsx bench/glossary.ts` (part of `npm run bench`), issue 40: how exactly glossary terms come
 * through a translator that behaves like a real one. 200 sentences built from templates (terms at
 * the start, middle and end, several to a sentence, beside "go" the verb and other traps, into
 * German, Spanish, French, Japanese and Chinese; lib/glossary/test-set.test-helpers.ts) are sent
 * over HTTP to the emulator in its realistic mode, each as the gateway will send it: the pieces
 * around the terms in one batched request. Printed: terms exact, markers shown, and what the
 * protection cost against sending each sentence as it is. For comparison, the same sentences sent
 * as they are, and with the usual placeholder trick (terms swapped for ⟦n⟧ and back).
 * Target: ≥ 99 % exact, 0 markers. No browser: only the emulator and the library.
 */
import { startEmulator } from '../emulator/server';
import { httpTranslator, type Spent } from '../lib/glossary/emulator.test-helpers';
import { protectionFigure } from '../lib/glossary/protect';
import { protectedTranslator, runTestSet, testSentences, type TestSetResult } from '../lib/glossary/test-set.test-helpers';
import { fmt, formatTable } from './stats';

const SENTENCES = Number(process.env.GLOSSARY_SENTENCES ?? 200);
const KEY = 'demo-enterprise';

const percent = (r: TestSetResult) => fmt((100 * r.exact) / r.terms, 1);

/** Credits the emulator's ledger has charged so far, all accounts: the service's own count. */
async function charged(url: string): Promise<number> {
  const { total } = (await (await fetch(`${url}/__emulator/ledger`)).json()) as { total: Record<string, number> };
  return Object.values(total).reduce((a, b) => a + b, 0);
}

async function main() {
  const emulator = await startEmulator({ port: 0, translator: 'realistic' });
  try {
    const sentences = testSentences(SENTENCES);
    const spent = { protected: { requests: 0, characters: 0 }, plain: { requests: 0, characters: 0 }, markers: { requests: 0, characters: 0 } } satisfies Record<string, Spent>;
    const figured = { requests: 0, characters: 0, credits: 0 };
    const credits = { protected: 0, plain: 0, markers: 0 };

    const t0 = performance.now();
    const translate = protectedTranslator(httpTranslator(emulator.url, KEY, spent.protected));
    const guarded = await runTestSet(sentences, (s, matches) => {
      const figure = protectionFigure(s.text, matches);
      figured.requests += figure.protected.requests;
      figured.characters += figure.protected.characters;
      figured.credits += figure.protected.requestCharacters.reduce((sum, n) => sum + Math.ceil(n / 10), 0);
      return translate(s, matches);
    });
    const ms = performance.now() - t0;
    credits.protected = await charged(emulator.url);

    const plainFor = httpTranslator(emulator.url, KEY, spent.plain);
    const plain = await runTestSet(sentences, async (s) => (await plainFor(s.target)([s.text]))[0]!);
    credits.plain = (await charged(emulator.url)) - credits.protected;

    const markerFor = httpTranslator(emulator.url, KEY, spent.markers);
    const markers = await runTestSet(sentences, async (s, matches) => {
      let text = s.text;
      for (let k = matches.length - 1; k >= 0; k--) text = `${text.slice(0, matches[k]!.start)}⟦${k + 1}⟧${text.slice(matches[k]!.end)}`;
      const answer = (await markerFor(s.target)([text]))[0]!;
      return answer.replace(/⟦(\d+)⟧/gu, (m, k: string) => matches[Number(k) - 1]?.rendering ?? m);
    });
    credits.markers = (await charged(emulator.url)) - credits.protected - credits.plain;

    console.log(`\nGlossary terms through the realistic translator: ${sentences.length} sentences, ${guarded.terms} terms, over HTTP (${fmt(ms)} ms)\n`);
    console.log(`terms exact: ${guarded.exact}/${guarded.terms} (${percent(guarded)} %), markers shown: ${guarded.markers}`);
    console.log(
      `protection cost: ${spent.protected.requests} requests, ${spent.protected.characters} characters, ${credits.protected} credits, against ${spent.plain.requests} requests, ${spent.plain.characters} characters, ${credits.plain} credits sent as they are ` +
        `(extra: ${spent.protected.requests - spent.plain.requests} requests, ${spent.protected.characters - spent.plain.characters} characters, ${credits.protected - credits.plain} credits); ` +
        `figured before: ${figured.requests} requests, ${figured.characters} characters, ${figured.credits} credits` +
        `${figured.requests === spent.protected.requests && figured.characters === spent.protected.characters && figured.credits === credits.protected ? ' (as charged)' : ' (NOT as charged)'}\n`,
    );
    console.log(
      formatTable(
        ['way', 'terms exact', '%', 'markers shown', 'requests', 'characters', 'credits', 'target'],
        [
          ['cut at the terms (lib/glossary)', `${guarded.exact}/${guarded.terms}`, percent(guarded), String(guarded.markers), String(spent.protected.requests), String(spent.protected.characters), String(credits.protected), '≥ 99 %, 0 markers'],
          ['sent as it is', `${plain.exact}/${plain.terms}`, percent(plain), String(plain.markers), String(spent.plain.requests), String(spent.plain.characters), String(credits.plain), ''],
          ['placeholders ⟦n⟧ swapped back', `${markers.exact}/${markers.terms}`, percent(markers), String(markers.markers), String(spent.markers.requests), String(spent.markers.characters), String(credits.markers), ''],
        ],
        new Set([1, 2, 3, 4, 5, 6]),
      ),
    );
    for (const miss of guarded.misses.slice(0, 10)) console.log(`  missed (${miss.target}): ${miss.text} → ${miss.translation}`);
    if (guarded.exact / guarded.terms < 0.99 || guarded.markers > 0) console.log('\nNot met: the target is ≥ 99 % exact and 0 markers.');
  } finally {
    await emulator.close();
  }
}

await main();
