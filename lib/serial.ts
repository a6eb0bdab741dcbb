/**
 * Runs async read-modify-write steps one after another, within one context. Storage has no
 * transactions: two steps that read, then write, would otherwise undo each other (two
 * translations finishing together, a player event racing a stop).
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
