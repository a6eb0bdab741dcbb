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
  /**
   * When the user must agree: the spend gate's offers of the two figures above (ids), one per
   * button; accepting one lets that much be spent. Null when it was agreed to without asking.
   */
  offers: { screen: string; page: string } | null;
}

/** Spending more than was agreed to: the offer to show (its id, and its figure) before anything more is sent. */
export interface PageSpendQuestion {
  offer: string;
  credits: number;
}

/** The translations of the blocks asked for (null: not translated), and what was spent on them. */
export interface PageBlocksAnswer {
  translations: (string | null)[];
  /** Credits spent by this call; 0 when everything came from the cache. */
  spent: number;
  /** This message costs more than is left of what the user agreed to: nothing was sent; ask with this. */
  confirm: PageSpendQuestion | null;
  /** Why some blocks are not translated (the others are). */
  error: SerializedServiceError | null;
}
