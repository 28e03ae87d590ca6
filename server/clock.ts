/** The server's notion of "now". Services take it as a dependency so tests can move time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
