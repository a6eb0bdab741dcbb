import type { SerializedServiceError } from '../api/errors';

/** A paragraph of a page, as the page sends it to the background. */
export interface PageBlockInput {
  text: string;
  /** Declared language code; null lets the service detect it. */
  source: string | null;
}

/** What translating a page would cost, shown before anything is sent. */
export interface PageEstimate {
  /** Credits for the paragraphs on screen now (what is cached is free). */
  screen: number;
  /** Credits for every paragraph of the page. */
  page: number;
  balance: number | null;
  /** The user's confirmation threshold. */
  threshold: number;
  /** Whether the user must agree first: above the threshold always, below it as they set. */
  ask: boolean;
}

/** The translations of the blocks asked for (null: not translated), and what was spent on them. */
export interface PageBlocksAnswer {
  translations: (string | null)[];
  /** Credits spent by this call; 0 when everything came from the cache. */
  spent: number;
  /** Credits this would cost when that is above the budget the page was given: nothing was sent. */
  confirm: number | null;
  /** Why some blocks are not translated (the others are). */
  error: SerializedServiceError | null;
}
