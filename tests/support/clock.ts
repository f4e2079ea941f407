import type { Clock } from "~/platform/clock";

/** A clock that stands still until the test moves it: no sleeping to let time pass. */
export function manualClock(start = Date.UTC(2026, 0, 5, 15, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(to: number) {
      now = to;
    },
  } satisfies Clock & Record<string, unknown>;
}
