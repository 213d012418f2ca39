/**
 * A clock for a measuring function that reads it twice per timed interval
 * (start, then end): each interval lasts the next of `durations`, in order,
 * and the time stands still between intervals. Reading past the last interval
 * throws, and `unused` says how many were left, so a test also checks how many
 * intervals the function timed.
 */
export function scriptedClock(durations: readonly number[]): {
  now: () => number;
  unused: () => number;
} {
  let time = 1_000;
  let reads = 0;
  let next = 0;
  return {
    now: () => {
      if (reads++ % 2 === 0) return time;
      const duration = durations[next++];
      if (duration === undefined) throw new Error(`the clock was read for interval ${next}`);
      time += duration;
      return time;
    },
    unused: () => durations.length - next,
  };
}
