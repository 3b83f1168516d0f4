import { LAGOS_OFFSET_MS } from '@owo/shared/constants';

/** "2026-11-03" and "21:05" on the Lagos clock (UTC+1 all year): the statement's two columns. */
export function lagosDateAndTime(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
