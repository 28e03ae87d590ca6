/**
 * Writing an element back the way its file spelled it (issue 13, Files). The caller knows
 * what the element's values mean; this module only works on attribute lists:
 *
 * - `before` and `after` are the canonical attributes (our writer's names and spellings)
 *   of the values as read and as they are now; a canonical attribute whose text differs
 *   between them has changed;
 * - every attribute of the original is kept in its place with its own name: unchanged (or
 *   unknown to us) with its own text, changed with the new value as `spell` gives it, and
 *   dropped only when the value no longer has that attribute at all;
 * - a changed value the original did not carry is added at the end, but only when the
 *   element would not read back right without it (`misread`): a vendor line is its ends
 *   x1..y2, and moving it must not add our box attributes x, y, width and height.
 */

export type Attributes = [name: string, value: string][];

export interface CarryOptions {
  /** The original element's attributes, in file order. */
  original: Iterable<readonly [string, string]>;
  /** Canonical attributes of the values as read, and as they are now. */
  before: ReadonlyMap<string, string>;
  after: ReadonlyMap<string, string>;
  /** The canonical attribute a file's attribute name stands for (any case), if any. */
  canonicalOf(name: string): string | undefined;
  /** The text to write for canonical attribute `name` (present in `after`). */
  spell(name: string): string;
  /** Canonical attributes that `attrs` would not read back as `after` has them. */
  misread(attrs: Attributes): string[];
}

export interface Carried {
  attributes: Attributes;
  /** Whether the attributes read back as `after` (else the caller writes canonically). */
  exact: boolean;
}

export function carryAttributes(o: CarryOptions): Carried {
  const changed = new Set<string>();
  for (const [k, v] of o.after) if (o.before.get(k) !== v) changed.add(k);
  for (const k of o.before.keys()) if (!o.after.has(k)) changed.add(k);

  const out: Attributes = [];
  const covered = new Set<string>();
  for (const [name, value] of o.original) {
    const canonical = o.canonicalOf(name);
    if (canonical === undefined || !changed.has(canonical)) {
      out.push([name, value]);
      if (canonical !== undefined) covered.add(canonical);
      continue;
    }
    covered.add(canonical);
    if (o.after.has(canonical)) out.push([name, o.spell(canonical)]);
  }
  // Values the original left to the reader's defaults: added only where needed, in
  // canonical order, then everything that changed should one pass not be enough.
  let wrong = o.misread(out);
  for (const pass of [new Set(wrong), changed]) {
    if (wrong.length === 0) break;
    for (const name of o.after.keys()) {
      if (pass.has(name) && !covered.has(name)) {
        out.push([name, o.spell(name)]);
        covered.add(name);
      }
    }
    wrong = o.misread(out);
  }
  return { attributes: out, exact: wrong.length === 0 };
}

/** Canonical attribute names whose text differs between two attribute maps. */
export function differingAttributes(expected: ReadonlyMap<string, string>, actual: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [k, v] of expected) if (actual.get(k) !== v) out.push(k);
  for (const k of actual.keys()) if (!expected.has(k)) out.push(k);
  return out;
}
