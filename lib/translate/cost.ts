/** The service charges 1 credit per this many characters of input, rounded up. */
export const CHARS_PER_CREDIT = 10;

/**
 * Characters as the service counts them: Unicode code points, so an emoji is 1, not the 2 of
 * UTF-16 `.length` (emulator/README.md, "Characters").
 */
export function countCharacters(text: string): number {
  let count = 0;
  // for…of walks code points, not UTF-16 units.
  for (const _ of text) count++;
  return count;
}

/** Credits one translate request for `text` costs: ceil(characters / 10). */
export function translationCost(text: string): number {
  return Math.ceil(countCharacters(text) / CHARS_PER_CREDIT);
}

/**
 * Credits a translation sent as several requests costs: each request is rounded up on its own,
 * so this can exceed the cost of the whole text in one request.
 */
export function translationCostOfParts(parts: readonly string[]): number {
  return parts.reduce((sum, part) => sum + translationCost(part), 0);
}

/**
 * Whether to send a request costing `cost` given the last known balance. An unknown balance is
 * allowed: the service still refuses with 402, which is handled, and refusing here would lock out
 * a user whose balance simply has not been read yet.
 */
export function canAfford(cost: number, lastKnownBalance: number | null): boolean {
  return lastKnownBalance === null || cost <= lastKnownBalance;
}
