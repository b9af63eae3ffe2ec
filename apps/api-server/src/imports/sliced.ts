/**
 * Long work that leaves the server responsive. The work is written as a generator that yields
 * at safe points (between rows); `runSliced` runs it in slices of a few milliseconds and gives
 * the event loop a turn between them, so a 47 MB import never holds up other requests for more
 * than a slice. `runNow` runs the same generator to its end at once (tests, the CLI, small files).
 */
export type Sliced<T> = Generator<void, T, void>;

/** A slice: well under the 100 ms any other request may wait for an import. */
export const SLICE_MS = 15;

/** How many rows pass between two yields: yielding has a cost, checking the clock too. */
export const ROWS_PER_CHECK = 256;

export function runNow<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** A macrotask turn: timers, I/O and other requests run before this resolves (Node and browsers). */
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** Gives the event loop a turn whenever `budgetMs` has passed since the last one. */
export class Slicer {
  private since = performance.now();
  constructor(private readonly budgetMs = SLICE_MS) {}

  async pause(): Promise<void> {
    if (performance.now() - this.since < this.budgetMs) return;
    await nextTurn();
    this.since = performance.now();
  }
}

export async function runSliced<T>(work: Sliced<T>, slicer = new Slicer()): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    await slicer.pause();
  }
}
