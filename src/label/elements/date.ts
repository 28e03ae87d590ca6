/**
 * Date/time control (spec section 3, Date; tags `<Date>` and `<Time>`): the clock's time
 * shifted by the offsets, in a date format and a time format (binding/datetime.ts).
 * A `<Date>` without timeFormat shows no time and a `<Time>` without dateFormat no date;
 * with neither format the control would show nothing, which the spec does not allow
 * (changes leaving both empty are ignored), so the date format comes back.
 */
import { float, int, numberChoice, text, type SchemaContext } from '../schema.ts';
import { ALIGNMENTS, boxFields, fontFields, textStyle, type Alignment } from './common.ts';
import { DEFAULT_TIME_FORMAT, defaultDateFormat, formatDateControl } from '../binding/datetime.ts';
import { defineKind } from './kind.ts';

const dateFormatDefault = (ctx: SchemaContext) => defaultDateFormat(ctx.locale);

export const dateKind = defineKind({
  kind: 'date',
  tag: 'Date',
  tags: ['date', 'time'],
  fields: {
    ...boxFields({ width: 30, height: 5 }),
    ...fontFields({ fontPt: 7 }),
    horAlignment: numberChoice<Alignment>(0, ALIGNMENTS),
    verAlignment: numberChoice<Alignment>(0, ALIGNMENTS),
    dateFormat: text(dateFormatDefault, { maxLength: 64 }),
    timeFormat: text(DEFAULT_TIME_FORMAT, { maxLength: 64 }),
    /** Days added (about ±100 years). */
    dateOffset: int(0, { min: -36_500, max: 36_500 }),
    hourOffset: int(0, { min: -876_000, max: 876_000 }),
    minuteOffset: int(0, { min: -52_560_000, max: 52_560_000 }),
    secondOffset: float(0, { min: -3_153_600_000, max: 3_153_600_000, decimals: 0 }),
  },
  tagDefaults: { date: { timeFormat: '' }, time: { dateFormat: '' } },
  tagFor: (el) => (el.dateFormat === '' ? 'Time' : 'Date'),
  // Spec section 5: changes are ignored when there is no date or time format.
  accepts: (el) => el.dateFormat !== '' || el.timeFormat !== '',
  finish(el, ctx) {
    // A file (or a caller) giving neither format gets the date back; edits are refused above.
    return el.dateFormat === '' && el.timeFormat === '' ? { ...el, dateFormat: defaultDateFormat(ctx.locale) } : el;
  },
  pageInfoLevel: 0,
  serialDigits: 0,
  resolve(el, env) {
    return { text: formatDateControl(env.now, el), style: textStyle(el) };
  },
});

/**
 * The spec's editor rule: a change that leaves a date control with neither a date nor a
 * time format is ignored (returns `el` unchanged).
 */
export function setDateFormats<T extends { dateFormat: string; timeFormat: string }>(el: T, dateFormat: string, timeFormat: string): T {
  return dateFormat === '' && timeFormat === '' ? el : { ...el, dateFormat, timeFormat };
}
