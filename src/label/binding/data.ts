/**
 * The data a label is driven by: a header row of column names and data rows, one label
 * page per data row (spec section 4). A spreadsheet sheet (spreadsheet.ts) or records from
 * elsewhere (assets) both present this interface.
 */

export interface DataSource {
  /** Data rows, the header not counted. */
  readonly rowCount: number;
  /** Column names from the header row (formatted text; '' for an empty header cell). */
  readonly columnNames: readonly string[];
  /** 0-based column named `name`, ignoring case and surrounding blanks; -1 when none. */
  findColumn(name: string): number;
  /** Formatted text of data row `row` (0-based) in column `column` (0-based); '' for an empty
   * cell; undefined when the row does not exist. */
  text(row: number, column: number): string | undefined;
}

export function columnKey(name: string): string {
  return name.trim().toLowerCase();
}

/** An index from lower-cased column name to its first column. */
export function columnIndex(names: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  names.forEach((n, i) => {
    const k = columnKey(n);
    if (k !== '' && !m.has(k)) m.set(k, i);
  });
  return m;
}

/** A data source from plain rows (tests, asset records). */
export function dataSourceFromRows(columnNames: readonly string[], rows: readonly (readonly unknown[])[]): DataSource {
  const index = columnIndex(columnNames);
  return {
    rowCount: rows.length,
    columnNames,
    findColumn: (name) => index.get(columnKey(name)) ?? -1,
    text(row, column) {
      const r = rows[row];
      if (!r) return undefined;
      const v = r[column];
      return v === undefined || v === null ? '' : String(v);
    },
  };
}

/** A data source from records keyed by column name. */
export function dataSourceFromRecords(records: readonly Readonly<Record<string, unknown>>[], columnNames?: readonly string[]): DataSource {
  const names = columnNames ?? [...new Set(records.flatMap((r) => Object.keys(r)))];
  return dataSourceFromRows(names, records.map((r) => names.map((n) => (Object.hasOwn(r, n) ? r[n] : undefined))));
}
