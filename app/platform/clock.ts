/** Where the time comes from: the system's in the app, one a test moves by hand. */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };
