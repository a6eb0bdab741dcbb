/**
 * Runs async read-modify-write steps one after another. Storage has no transactions, and two
 * translations finishing together would otherwise each write back a list missing the other's entry.
 * Only the background writes these items, so serialising within it is enough.
 */
export function createSerial(): <T>(step: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (step) => {
    const run = tail.then(step, step);
    // A failed step must not block the ones queued after it.
    tail = run.catch(() => undefined);
    return run;
  };
}
