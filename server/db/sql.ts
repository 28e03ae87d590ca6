/**
 * Parameters for a statement assembled from parts (a WHERE built from optional filters, a
 * condition fragment from the access module): each value is added once and its placeholder
 * ($1, $2, ...) goes into the SQL text, so values never enter the SQL itself.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value; returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A LIKE pattern matching `text` anywhere, with its own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return '%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}
