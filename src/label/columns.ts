/** Spreadsheet column letters, base 26 without a zero: A..Z, AA..AZ, BA.., ZZ, AAA.. */

/** Letters of 0-based column `index` (0 -> A, 25 -> Z, 26 -> AA, 701 -> ZZ, 702 -> AAA). */
export function columnLetters(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`column index ${index}`);
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** 0-based column of `letters` (case-insensitive); -1 when they are not column letters. */
export function columnIndexOf(letters: string): number {
  if (!/^[A-Za-z]{1,7}$/.test(letters)) return -1;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
