/**
 * Reading one drawing item's fields the same way whichever road it came by: a JSON-mode
 * item (`Print?action=4096`, an object with numbers, texts and booleans, lengths in mm)
 * or a Draw* call (`DrawText?x=500&...`, url-encoded texts, lengths in mm x 100 with
 * scaleUnit=1, the web SDK's choice, mm otherwise). Every length is handed out in mm.
 *
 * A value of the wrong kind (a number field holding 'abc', an object where a number goes)
 * is a parameter error (code 1) naming the item and the field, so a bad item refuses the
 * whole job before anything prints.
 */
import { clip, CODE, HelperFailure } from '../protocol.ts';

export class ItemFields {
  /**
   * `values`: the item's fields; `mmPerUnit`: what one unit of a length is in mm (1 for
   * JSON mode and scaleUnit 0, 0.01 for scaleUnit 1); `where`: the item in messages.
   */
  constructor(
    private readonly values: ReadonlyMap<string, unknown>,
    readonly mmPerUnit: number,
    readonly where: string,
  ) {}

  static fromObject(o: Record<string, unknown>, mmPerUnit: number, where: string): ItemFields {
    return new ItemFields(new Map(Object.entries(o)), mmPerUnit, where);
  }

  /** The same item with some fields replaced (table cells inherit the table's). */
  with(overrides: Record<string, unknown>, where = this.where): ItemFields {
    const values = new Map(this.values);
    for (const [k, v] of Object.entries(overrides)) values.set(k, v);
    return new ItemFields(values, this.mmPerUnit, where);
  }

  has(...names: string[]): boolean {
    return names.some((n) => present(this.values.get(n)));
  }

  /** The raw value of the first field of `names` that is set. */
  raw(...names: string[]): unknown {
    for (const n of names) {
      const v = this.values.get(n);
      if (present(v)) return v;
    }
    return undefined;
  }

  /** A text field; numbers are taken as their text. Undefined when none is set. */
  text(...names: string[]): string | undefined {
    const name = names.find((n) => present(this.values.get(n)));
    if (name === undefined) return undefined;
    const v = this.values.get(name);
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    throw this.fail(name, 'must be a text');
  }

  /** A number field (a number, or a text holding one); checked against `range`. */
  number(names: string | string[], range: { min?: number; max?: number; integer?: boolean } = {}): number | undefined {
    const list = typeof names === 'string' ? [names] : names;
    const name = list.find((n) => present(this.values.get(n)));
    if (name === undefined) return undefined;
    const v = this.values.get(name);
    let value: number;
    if (typeof v === 'number') value = v;
    else if (typeof v === 'boolean') value = v ? 1 : 0;
    else if (typeof v === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(v)) value = Number(v);
    else throw this.fail(name, `must be a number, got '${clip(String(v))}'`);
    if (!Number.isFinite(value)) throw this.fail(name, 'must be a finite number');
    if (range.integer && !Number.isInteger(value)) throw this.fail(name, `must be a whole number, got ${value}`);
    if ((range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max)) {
      const span = range.min !== undefined && range.max !== undefined ? `${range.min} to ${range.max}` : range.min !== undefined ? `at least ${range.min}` : `at most ${range.max}`;
      throw this.fail(name, `must be ${span}, got ${value}`);
    }
    return value;
  }

  /** A length field in mm (the unit converted), at least `minMm` when given. */
  length(names: string | string[], minMm?: number): number | undefined {
    const v = this.number(names);
    if (v === undefined) return undefined;
    const mm = v * this.mmPerUnit;
    if (minMm !== undefined && mm < minMm) {
      const name = (typeof names === 'string' ? [names] : names).find((n) => present(this.values.get(n)))!;
      throw this.fail(name, `must be at least ${minMm} mm, got ${round3(mm)} mm`);
    }
    return mm;
  }

  /** A boolean: true/false, 1/0, yes/no, on/off (any case). */
  flag(...names: string[]): boolean | undefined {
    const name = names.find((n) => present(this.values.get(n)));
    if (name === undefined) return undefined;
    const v = this.values.get(name);
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    if (typeof v === 'string') {
      if (/^(1|true|yes|on)$/i.test(v.trim())) return true;
      if (/^(0|false|no|off)$/i.test(v.trim())) return false;
    }
    throw this.fail(name, `must be true or false, got '${clip(String(v))}'`);
  }

  /** A list of lengths in mm: an array of numbers, or a text "a,b,c" (the SDK's dashLen). */
  lengths(...names: string[]): number[] | undefined {
    const name = names.find((n) => present(this.values.get(n)));
    if (name === undefined) return undefined;
    const v = this.values.get(name);
    const parts = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,;\s]+/).filter((p) => p !== '') : typeof v === 'number' ? [v] : null;
    if (parts === null) throw this.fail(name, 'must be a list of lengths');
    return parts.map((p) => {
      const n = typeof p === 'number' ? p : Number(p);
      if (!Number.isFinite(n) || n < 0) throw this.fail(name, `must be lengths of 0 or more, got '${clip(String(p))}'`);
      return n * this.mmPerUnit;
    });
  }

  /** A parameter error about `field` of this item. */
  fail(field: string, why: string, code: number = CODE.parameter): HelperFailure {
    return new HelperFailure(code, `${this.where}: ${field} ${why}`);
  }
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
}

function round3(mm: number): number {
  return Math.round(mm * 1000) / 1000;
}
