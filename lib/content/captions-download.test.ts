import { describe, expect, it } from 'vitest';
import { translationCost } from '../translate/cost';
import { restBatches } from './captions-download';

describe('the rest of the captions, translated before a download', () => {
  it('goes in requests of whole captions, as few as the service takes, priced as sent', () => {
    const batches = restBatches(['Fishermen & children wave.', 'The water turns gold at dusk.']);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.text).toBe('Fishermen & children wave.\n\nThe water turns gold at dusk.');
    expect(batches[0]!.cost).toBe(translationCost(batches[0]!.text));
  });

  it('starts a new request before one would pass the service\'s length', () => {
    const long = 'x'.repeat(3000);
    expect(restBatches([long, long, 'short']).map((batch) => batch.items.length)).toEqual([1, 2]);
  });
});
