/**
 * What an element kind is: one record (fields with defaults and limits, XML tags) plus its
 * behaviour (minimum size, cross-field rules, child elements, how it resolves for a page).
 * Each kind lives in its own file and is listed once in `index.ts`.
 */
import type { LabelIssue } from '../errors.ts';
import { round3, type Rotation } from '../units.ts';
import { normalizeFields, type Fields, type SchemaContext, type Values } from '../schema.ts';
import type { XmlElement } from '../xml/tree.ts';
import type { DataSource } from '../binding/data.ts';
import type { ResolvedContent } from '../binding/content.ts';
import type { ElementSource } from '../file-source.ts';

export interface Size {
  width: number;
  height: number;
}

/** Mirror modes of a control (spec: 0 none, 1 both (default), 16 mirror only). */
export type MirrorMode = 0 | 1 | 16;

/** Fields every control has (common.ts). */
export interface BoxValues {
  x: number;
  y: number;
  width: number;
  height: number;
  orientation: Rotation;
  lineWidth: number;
  lockMovement: boolean;
  printing: boolean;
  antiColor: boolean;
  mirrorMode: MirrorMode;
  isSelected: boolean;
}

/** What a kind's `resolve` may use. */
export interface ResolveEnv {
  /** 0-based page. */
  pageIndex: number;
  data: DataSource | null;
  /** The clock's reading for this page. */
  now: Date;
  /** The final content of a content-bearing element on this page (binding/content.ts). */
  content(el: object): ResolvedContent;
}

/** Reads and writes a kind's child elements (a table's cells). */
export interface ChildrenMapping<V> {
  /** Adds what the children say to the raw input read from the attributes. */
  read(children: XmlElement[], input: Record<string, unknown>, ctx: SchemaContext, issues: LabelIssue[]): Record<string, unknown>;
  write(el: V): XmlElement[];
}

/** Extra attribute handling beyond the field table (a line's end points). */
export interface AttributeMapping<V> {
  /** Adjusts the raw input read from the attributes (keys of `attrs` in lower case). */
  read?(attrs: ReadonlyMap<string, string>, input: Record<string, unknown>): Record<string, unknown>;
  /** Attributes written after the fields'. */
  write?(el: V): [string, string][];
}

export interface KindDef<K extends string, F extends Fields, R> {
  kind: K;
  /** Tag written to .wdfx files (the vendor's spelling). */
  tag: string;
  /** Tags read, lower case (spec section 3: "text or string", ...). */
  tags: readonly string[];
  fields: F;
  /** Fields a tag implies when its attributes do not say (`<Circle>`: a rectangle of type circle). */
  tagDefaults?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The tag to write for an element, when it depends on the element (`<Time>` for time only). */
  tagFor?(el: Values<F>): string;
  /** Overrides for a control newly inserted in the editor (spec: text size follows the label). */
  insertDefaults?(ctx: SchemaContext): Partial<Record<keyof F, unknown>>;
  /** Smallest width and height, mm (spec section 5; 0.5 unless the kind says otherwise). */
  minSize?(el: Values<F>, ctx: SchemaContext): Size;
  /** Whether an edit's result is acceptable; when not, `updateElement` ignores the edit. */
  accepts?(el: Values<F>): boolean;
  /** Rules across fields, applied after every field is valid and before sizes are clamped. */
  finish?(el: Values<F>, ctx: SchemaContext): Values<F>;
  children?: ChildrenMapping<Values<F>>;
  xml?: AttributeMapping<Values<F>>;
  /** Spec section 4: page info from children, the highest level wins (QR 40, barcode 30, text 20). */
  pageInfoLevel: number;
  /** Digits a serial number may have (spec: 15, text controls 9); 0 for kinds without content binding. */
  serialDigits: number;
  resolve(el: { kind: K } & Values<F>, env: ResolveEnv): R;
}

export type AnyKindDef = KindDef<string, Fields, unknown>;

export function defineKind<K extends string, F extends Fields, R>(def: KindDef<K, F, R>): KindDef<K, F, R> {
  return def;
}

/** An element of kind `D`: its values, and what it remembers of the file it was read from
 * (file-source.ts; absent for controls made here and for our own files). */
export type ElementOf<D> = D extends KindDef<infer K, infer F, unknown> ? { kind: K } & Values<F> & { source?: ElementSource } : never;
export type ResolvedOf<D> = D extends KindDef<string, Fields, infer R> ? R : never;

export const DEFAULT_MIN_SIZE = 0.5;

/**
 * A valid element of `def` from any input: every field parsed or defaulted, the kind's
 * cross-field rules applied, then width and height clamped to its minimum size.
 */
export function normalizeWith<K extends string, F extends Fields>(
  def: KindDef<K, F, unknown>,
  input: Readonly<Record<string, unknown>>,
  ctx: SchemaContext,
  onInvalid?: (key: string, raw: unknown) => void,
): { kind: K } & Values<F> & { source?: ElementSource } {
  let v = normalizeFields(def.fields, input, ctx, onInvalid);
  if (def.finish) v = def.finish(v, ctx);
  const box = v as unknown as Partial<Size>;
  if (typeof box.width === 'number' && typeof box.height === 'number') {
    const min = def.minSize ? def.minSize(v, ctx) : { width: DEFAULT_MIN_SIZE, height: DEFAULT_MIN_SIZE };
    const width = round3(Math.max(box.width, min.width));
    const height = round3(Math.max(box.height, min.height));
    if (width !== box.width || height !== box.height) v = { ...v, width, height };
  }
  // The file's memory of the control travels with it through every edit.
  const source = input.source as ElementSource | undefined;
  return source ? { kind: def.kind, ...v, source } : { kind: def.kind, ...v };
}

