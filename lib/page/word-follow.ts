/**
 * A word of a sentence as the player spoke it (lib/player/contract's SpokenWord): offsets from the
 * sentence's start in the spoken text, its text, and when it starts sounding (wall clock, ms).
 */
export interface SpokenWord {
  from: number;
  to: number;
  text: string;
  at: number;
}

/** A word found on the page: text[start, end), and when it starts sounding (wall clock, ms). */
export interface PageWord {
  start: number;
  end: number;
  at: number;
}

/**
 * Finds the spoken words of the sentence at text[start, end) in the page's text. A word is looked
 * for where it was in the sentence as spoken, then further on: what the spoken text left out
 * (citation markers) or put in (a pronunciation) shifts the rest. Words not on the page (a
 * translation's) are left out; the highlight then stays on the last one found.
 */
export function wordsOnPage(text: string, start: number, end: number, words: readonly SpokenWord[]): PageWord[] {
  const found: PageWord[] = [];
  let cursor = start;
  for (const word of words) {
    const guess = start + word.from;
    const at = guess >= cursor && text.startsWith(word.text, guess) ? guess : text.indexOf(word.text, cursor);
    if (at < 0 || at + word.text.length > end) continue;
    found.push({ start: at, end: at + word.text.length, at: word.at });
    cursor = at + word.text.length;
  }
  return found;
}

/** Paints (or, with null, takes away) the word being spoken. */
export type PaintWord = (word: { start: number; end: number } | null) => void;

/** Follows the spoken words of the sentence being read, on the page's own clock. */
export interface WordFollower {
  /**
   * The sentence at text[start, end) is being read. With its words, each is lit when it starts
   * sounding; without (paused, loading, no timings), the word lit stays lit if it is in this
   * sentence and nothing moves.
   */
  follow(text: string, start: number, end: number, words?: readonly SpokenWord[]): void;
  /** Stops and takes the word away. */
  clear(): void;
}

export function createWordFollower(paint: PaintWord, clock: () => number = Date.now): WordFollower {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lit: { start: number; end: number } | null = null;
  let sentence: { start: number; end: number } | null = null;

  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const light = (word: { start: number; end: number } | null) => {
    if (lit?.start === word?.start && lit?.end === word?.end) return;
    lit = word && { start: word.start, end: word.end };
    paint(lit);
  };
  const step = (words: readonly PageWord[]) => {
    timer = null;
    const now = clock();
    let i = -1;
    while (i + 1 < words.length && words[i + 1]!.at <= now) i++;
    // Before its first word sounds, the sentence has no word lit yet.
    light(i >= 0 ? words[i]! : null);
    const next = words[i + 1];
    if (next) timer = setTimeout(() => step(words), Math.max(0, next.at - now));
  };

  return {
    follow(text, start, end, words) {
      stop();
      const same = sentence?.start === start && sentence.end === end;
      sentence = { start, end };
      if (!words || words.length === 0) {
        if (!same) light(null);
        return;
      }
      step(wordsOnPage(text, start, end, words));
    },
    clear() {
      stop();
      sentence = null;
      light(null);
    },
  };
}
