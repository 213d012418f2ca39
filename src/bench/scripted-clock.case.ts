/**
 * A clock for tests of timed measurements: readings come in pairs (a start and
 * an end), and the `k`-th pair is `durations[k]` milliseconds apart, so the
 * `k`-th timed run takes exactly `durations[k]`. Throws when read more often
 * than scripted.
 *
 * @example
 * const now = scriptedClock([2, 10]); // the first run takes 2 ms, the second 10 ms
 */
export function scriptedClock(durations: readonly number[]): () => number {
  let readings = 0;
  let time = 0;
  return () => {
    const run = Math.floor(readings / 2);
    const duration = durations[run];
    if (duration === undefined)
      throw new Error(`the clock was read for run ${run + 1} of ${durations.length}`);
    if (readings % 2 === 1) time += duration;
    else time += 1;
    readings++;
    return time;
  };
}
