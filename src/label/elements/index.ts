/**
 * The registry of element kinds. Adding a kind is one file (its record and behaviour, see
 * kind.ts) and one line in ELEMENT_KINDS; nothing else switches on kind.
 */
import { DEFAULT_CONTEXT, defaultOf, type SchemaContext } from '../schema.ts';
import { parseNumber } from '../units.ts';
import type { AnyKindDef, ElementOf, ResolvedOf } from './kind.ts';
import { normalizeWith } from './kind.ts';
import { textKind } from './text.ts';
import { barcodeKind } from './barcode.ts';
import { qrcodeKind } from './qrcode.ts';
import { arcTextKind } from './arctext.ts';
import { dateKind } from './date.ts';
import { pictureKind } from './picture.ts';
import { logoKind } from './logo.ts';
import { rectangleKind } from './rectangle.ts';
import { lineKind } from './line.ts';
import { tableKind } from './table.ts';

export const ELEMENT_KINDS = [
  textKind,
  barcodeKind,
  qrcodeKind,
  arcTextKind,
  dateKind,
  pictureKind,
  logoKind,
  rectangleKind,
  lineKind,
  tableKind,
] as const;

type Defs = (typeof ELEMENT_KINDS)[number];

/** Any element of a label, discriminated by `kind`. */
export type LabelElement = ElementOf<Defs>;
export type ElementKind = LabelElement['kind'];
/** The element of one kind: `ElementByKind<'text'>`. */
export type ElementByKind<K extends ElementKind> = Extract<LabelElement, { kind: K }>;
/** What a kind's `resolve` adds to the common part of a resolved element. */
export type ResolvedPartByKind = { [D in Defs as D['kind']]: ResolvedOf<D> };

const BY_KIND = new Map<string, AnyKindDef>(ELEMENT_KINDS.map((d) => [d.kind, d as unknown as AnyKindDef]));
const BY_TAG = new Map<string, AnyKindDef>();
for (const d of ELEMENT_KINDS) for (const t of d.tags) BY_TAG.set(t, d as unknown as AnyKindDef);

export const ELEMENT_KIND_NAMES = ELEMENT_KINDS.map((d) => d.kind) as ElementKind[];

export function kindDef(kind: string): AnyKindDef | undefined {
  return BY_KIND.get(kind);
}

/** The kind a .wdfx tag stands for (case-insensitive), or undefined. */
export function kindForTag(tag: string): AnyKindDef | undefined {
  return BY_TAG.get(tag.toLowerCase());
}

function defOf(kind: string): AnyKindDef {
  const d = BY_KIND.get(kind);
  if (!d) throw new TypeError(`unknown element kind '${kind}'`);
  return d;
}

/**
 * A valid element from any input with a `kind`: fields parsed, clamped or defaulted; the
 * kind's rules applied. Idempotent. Throws TypeError for an unknown kind (a caller bug).
 */
export function normalizeElement<E extends { kind: string }>(input: E, ctx: SchemaContext = DEFAULT_CONTEXT, onInvalid?: (key: string, raw: unknown) => void): LabelElement {
  return normalizeWith(defOf(input.kind), input as unknown as Record<string, unknown>, ctx, onInvalid) as unknown as LabelElement;
}

/**
 * A new element as the editor inserts it: the kind's defaults, its insert defaults (text
 * size follows the label) and then `props`.
 */
export function createElement<K extends ElementKind>(kind: K, props: Readonly<Record<string, unknown>> = {}, ctx: SchemaContext = DEFAULT_CONTEXT): ElementByKind<K> {
  const d = defOf(kind);
  const input = { ...(d.insertDefaults?.(ctx) ?? {}), ...props };
  return normalizeWith(d, input, ctx) as unknown as ElementByKind<K>;
}

/**
 * An edit: the fields in `patch` that are valid (clamped into range) replace the element's;
 * invalid ones are ignored, as the editor ignores them (spec section 5), except that a font
 * size at or below 0 resets to the default. The result is normalised again; an edit the
 * kind does not accept (a date control left with no format) changes nothing.
 */
export function updateElement<E extends LabelElement>(el: E, patch: Readonly<Record<string, unknown>>, ctx: SchemaContext = DEFAULT_CONTEXT): E {
  const d = defOf(el.kind);
  const next: Record<string, unknown> = { ...el };
  for (const key of Object.keys(patch)) {
    if (!Object.hasOwn(d.fields, key)) continue;
    const f = d.fields[key]!;
    const v = f.parse(patch[key]);
    if (v !== undefined) next[key] = v;
    else if (f.nonPositiveIsDefault && (parseNumber(patch[key]) ?? 1) <= 0) next[key] = defaultOf(f, ctx, next);
  }
  if (d.accepts && !d.accepts(next as never)) return el;
  return normalizeWith(d, next, ctx) as unknown as E;
}

/** Page-info level of a kind (spec section 4: QR 40, barcode 30, text 20, others 0). */
export function pageInfoLevel(kind: string): number {
  return BY_KIND.get(kind)?.pageInfoLevel ?? 0;
}

/** Digits a serial number of this kind may have (15; text 9). */
export function serialDigits(kind: string): number {
  return BY_KIND.get(kind)?.serialDigits || 15;
}
