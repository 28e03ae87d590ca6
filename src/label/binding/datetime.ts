/**
 * Date and time controls (spec sections 3, 4 and 9): a date format and a time format from
 * fixed lists, shifted by dateOffset days and hour, minute and second offsets from a clock
 * the caller supplies (so tests and print batches fix the time).
 *
 * Format letters: yyyy yy MM M dd d HH H hh h mm m ss s; anything else is printed as it is
 * (年, 月, 日, '-', '/', ':'). Text in single quotes is literal.
 */
import { isChineseLocale } from '../schema.ts';

export const DATE_FORMATS = [
  'yyyy年MM月dd日',
  'yyyy年MM月',
  'MM月dd日',
  'yyyy-MM-dd',
  'yyyy-MM',
  'MM-dd',
  'yyyy/MM/dd',
  'yyyy/MM',
  'MM/dd',
  'MM/dd/yy',
  'MM/dd/yyyy',
  'MM-dd-yyyy',
  'dd-MM-yyyy',
] as const;

export const TIME_FORMATS = ['HH:mm:ss', 'HH:mm', 'mm:ss'] as const;

export const DEFAULT_TIME_FORMAT = 'HH:mm:ss';

/** The Chinese format for a Chinese (zh*) locale, otherwise yyyy-MM-dd (ISO 8601: read the
 * same way in every other locale). */
export function defaultDateFormat(locale: string): string {
  return isChineseLocale(locale) ? 'yyyy年MM月dd日' : 'yyyy-MM-dd';
}

/** Something that tells the time: a function returning a Date or epoch milliseconds. */
export type Clock = () => Date | number;

export const systemClock: Clock = () => new Date();

export function readClock(clock: Clock | Date | number): Date {
  const v = typeof clock === 'function' ? clock() : clock;
  return new Date(typeof v === 'number' ? v : v.getTime());
}

export interface DateOffsets {
  dateOffset: number;
  hourOffset: number;
  minuteOffset: number;
  secondOffset: number;
}

/**
 * `now` shifted: days by the calendar (so a day is a day across a daylight-saving change),
 * then hours, minutes and seconds as elapsed time.
 */
export function applyOffsets(now: Date, o: DateOffsets): Date {
  const d = new Date(now.getTime());
  if (o.dateOffset) d.setDate(d.getDate() + o.dateOffset);
  d.setTime(d.getTime() + ((o.hourOffset * 60 + o.minuteOffset) * 60 + o.secondOffset) * 1000);
  return d;
}

const TOKENS = /'[^']*'|yyyy|yy|MM|M|dd|d|HH|H|hh|h|mm|m|ss|s/g;

/** `date` in local time per `format`. */
export function formatDateTime(date: Date, format: string): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return format.replace(TOKENS, (t) => {
    switch (t) {
      case 'yyyy': return String(date.getFullYear()).padStart(4, '0');
      case 'yy': return two(date.getFullYear() % 100);
      case 'MM': return two(date.getMonth() + 1);
      case 'M': return String(date.getMonth() + 1);
      case 'dd': return two(date.getDate());
      case 'd': return String(date.getDate());
      case 'HH': return two(date.getHours());
      case 'H': return String(date.getHours());
      case 'hh': return two(date.getHours() % 12 || 12);
      case 'h': return String(date.getHours() % 12 || 12);
      case 'mm': return two(date.getMinutes());
      case 'm': return String(date.getMinutes());
      case 'ss': return two(date.getSeconds());
      case 's': return String(date.getSeconds());
      default: return t.slice(1, -1);
    }
  });
}

/** What a date control shows: the date part, then the time part, joined by a space. */
export function formatDateControl(now: Date, el: DateOffsets & { dateFormat: string; timeFormat: string }): string {
  const d = applyOffsets(now, el);
  return [el.dateFormat, el.timeFormat].filter((f) => f !== '').map((f) => formatDateTime(d, f)).join(' ');
}

/** Milliseconds until the next whole second: the editor's ticker updates on each boundary. */
export function msUntilNextSecond(now: Date | number): number {
  const t = typeof now === 'number' ? now : now.getTime();
  return 1000 - (((t % 1000) + 1000) % 1000);
}
