import { joinLines, type Cue } from '../captions/cue';
import { translatedLength, type FigureInput } from '../captions/figure';
import { protectedLengthBound, sayGrowthBound } from '../glossary';
import type { Settings } from '../settings/schema';
import { translationGrowthBound } from '../translate/growth';
import { shapeBlocks, type BlockShapes } from './page-glossary';
import { sayAs } from './reading/said';
import { siteOfTab } from './tab-site';

/*
 * The glossary in captions (issue 40), as in a page's translation (page-glossary.ts, whose shapes
 * these are): a caption with terms to protect is sent as its pieces around them and put together
 * with the terms written by us; the figures before the spend count those pieces, and a caption's
 * speech is sent as the glossary says it (its "say as"). The site is the tab's host.
 */

/** Each caption text's shape for a translation into `target` on tab `tabId` (its source not known: the service detects it). */
export function captionShapes(settings: Pick<Settings, 'glossary'>, texts: readonly string[], target: string, tabId: number): Promise<BlockShapes> {
  return shapeBlocks(settings, texts.map((text) => ({ text, source: null })), target, tabId);
}

/**
 * What the figures of a tab's captions need of the glossary: what each caption's translation
 * sends (its pieces around the terms), and the longest its translation can be when spoken (the
 * terms' renderings written in, then their "say as").
 */
export async function captionsFigureGlossary(settings: Pick<Settings, 'glossary'>, cues: readonly Cue[], target: string, tabId: number): Promise<Pick<FigureInput, 'sentOf' | 'spokenLengthOf'>> {
  const texts = [...new Set(cues.map((cue) => joinLines(cue.text)).filter((text) => text !== ''))];
  const [shapes, site] = await Promise.all([captionShapes(settings, texts, target, tabId), siteOfTab(tabId)]);
  const byText = new Map(texts.map((text, i) => [text, shapes[i] ?? null]));
  const growth = translationGrowthBound(null, target);
  // The caption's translation is said in the target language, with the entries for it and this site.
  const said = sayGrowthBound(settings.glossary, { language: target, site });
  return {
    sentOf: (text) => byText.get(text)?.plan.pieces ?? [text],
    spokenLengthOf: (text) => {
      const shape = byText.get(text);
      return Math.ceil((shape ? protectedLengthBound(shape.plan, growth) : translatedLength(text, growth)) * said);
    },
  };
}

/** A caption's translation as the speech service is to say it: the glossary's "say as" for its language and the tab's site. */
export function captionAsSaid(settings: Pick<Settings, 'glossary'>, text: string, language: string, tabId: number): Promise<string> {
  return sayAs(settings.glossary, text, language, () => siteOfTab(tabId));
}
