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

function columnKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Distinct names a finder remembers as asked (a label binds a handful). */
const FINDER_MEMO_MAX = 256;

/**
 * `DataSource.findColumn` for a header row: the first column whose name matches ignoring
 * case and surrounding blanks, -1 when none. Names are remembered as asked, so the same
 * binding on every page (10,000 pages of one label) costs one map lookup, not a trim and
 * a lower-casing each time.
 */
export function columnFinder(names: readonly string[]): (name: string) => number {
  const index = new Map<string, number>();
  names.forEach((n, i) => {
    const k = columnKey(n);
    if (k !== '' && !index.has(k)) index.set(k, i);
  });
  const asked = new Map<string, number>();
  return (name) => {
    let column = asked.get(name);
    if (column === undefined) {
      column = index.get(columnKey(name)) ?? -1;
      if (asked.size < FINDER_MEMO_MAX) asked.set(name, column);
    }
    return column;
  };
}

/** A data source from plain rows (tests, asset records). */
export function dataSourceFromRows(columnNames: readonly string[], rows: readonly (readonly unknown[])[]): DataSource {
  return {
    rowCount: rows.length,
    columnNames,
    findColumn: columnFinder(columnNames),
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
