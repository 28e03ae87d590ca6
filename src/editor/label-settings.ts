/**
 * The option lists of the label settings panel (label-editor.md section 9) and the check of
 * a typed background colour. The values themselves are the label's fields
 * (src/label/label.ts labelFields), changed through updateLabel.
 */
import { GapType, labelFields, UNSET } from '../label/label.ts';

/** Gap types and their text keys, in the spec's order (none 0, hole 1, gap 2, black 3, unset 255). */
export const GAP_TYPES: readonly (readonly [GapType, 'none' | 'hole' | 'gap' | 'black' | 'unset'])[] = [
  [GapType.None, 'none'],
  [GapType.Hole, 'hole'],
  [GapType.Gap, 'gap'],
  [GapType.Black, 'black'],
  [GapType.Unset, 'unset'],
];

/** Darkness the editor offers (spec section 9: 0, 3, 5, 9, 14; 255 unset). */
export const DARKNESS_OFFERED: readonly number[] = [0, 3, 5, 9, 14, UNSET];
/** Speeds 0 to 4, 255 unset. */
export const SPEED_OFFERED: readonly number[] = [0, 1, 2, 3, 4, UNSET];

/** `offered` plus `current` when a file set another valid value (darkness 7), in order with
 * unset last, so the list always shows what the label says. */
export function optionsWith(offered: readonly number[], current: number): number[] {
  if (offered.includes(current)) return [...offered];
  return [...offered, current].sort((a, b) => (a === UNSET ? 1 : b === UNSET ? -1 : a - b));
}

/** A typed colour (`#FFF`, `ffffff`, `#80FFFFFF`) as the label keeps it (upper-case hex,
 * no `#`), or null when it is not one. */
export function hexColorOf(raw: string): string | null {
  return labelFields.backgroundColor.parse(raw) ?? null;
}
