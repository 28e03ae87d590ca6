/**
 * A text field's length limit, shown instead of enforced by the input's maxLength, which cuts
 * typed and pasted text silently (issue 14). The field keeps the whole text, a hint shows the
 * count against the limit, and over it the field says so and the form does not save.
 * Lengths count as the server's schemas count them (zod's .max: String.length, UTF-16 units).
 */
import type { TFunction } from 'i18next';

export function overLimit(value: string, max: number): boolean {
  return value.length > max;
}

/** '12/50': under the field, so the limit is known before it is reached. */
export function limitHint(t: TFunction, value: string, max: number): string {
  return t('validation.lengthHint', { length: value.length, max });
}

/** The field's message when the text is over the limit, else undefined. */
export function limitMessage(t: TFunction, value: string, max: number): string | undefined {
  return overLimit(value, max) ? t('validation.tooLong', { length: value.length, max }) : undefined;
}
