/**
 * Reading what a label command is given: the label file, its data (a spreadsheet file or
 * the label's own), and the locale for the defaults a label file leaves out. Shared by
 * `assetmark render` and `assetmark print`; every failure is one CliError line naming the
 * file.
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { DataSource } from '../src/label/binding/data.ts';
import { formatLabelMessage, LabelError } from '../src/label/errors.ts';
import type { LabelDocument } from '../src/label/label.ts';
import { DEFAULT_CONTEXT } from '../src/label/schema.ts';
import { embeddedBytes } from '../src/label/embedded.ts';
import { MAX_SPREADSHEET_BYTES, selectSheet } from '../src/label/spreadsheet.ts';
import { DEFAULT_XML_LIMITS } from '../src/label/xml/index.ts';
import { readLabel } from '../src/label/wdfx.ts';
import { CliError, EXIT_USAGE } from './cli.ts';
import { readSpreadsheetInThread } from './sheet-reader.ts';

/**
 * The locale of the environment as POSIX orders it for messages: the first set of LC_ALL,
 * LC_MESSAGES and LANG; `en_US.UTF-8` -> `en-US`. Unset, C, POSIX or no valid tag: the
 * product default (zh-CN).
 */
export function localeFromEnv(env: Readonly<Record<string, string | undefined>>): string {
  const value = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return (value !== undefined && localeTag(value)) || DEFAULT_CONTEXT.locale;
}

/** `--locale`: a BCP 47 tag or a POSIX locale name; C and POSIX mean the product default. */
export function localeOption(value: string): string {
  const tag = localeTag(value);
  if (tag === null) throw new CliError(`--locale must be a language tag such as en-US, de-DE or zh-CN, got '${value}'`, EXIT_USAGE);
  return tag || DEFAULT_CONTEXT.locale;
}

/** A POSIX locale name (`de_DE.UTF-8@euro`) or a language tag as a canonical tag (`de-DE`);
 * '' for C and POSIX (no language), null when it is neither. */
function localeTag(value: string): string | null {
  const name = value.trim().replace(/[.@].*$/, '');
  if (name === 'C' || name === 'POSIX') return '';
  try {
    return Intl.getCanonicalLocales(name.replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null; // RangeError: not a well-formed tag
  }
}

function labelMessage(e: LabelError): string {
  return formatLabelMessage(e.code, e.params, 'en');
}

/** Most bytes a label file may have: the XML reader's character cap at 4 bytes a
 * character (UTF-8's longest), the same guard readLabel applies to bytes. */
const MAX_LABEL_FILE_BYTES = DEFAULT_XML_LIMITS.maxInputLength * 4;
/** Bytes read from a pipe or device at a time, whose size is not known beforehand. */
const READ_CHUNK = 1024 * 1024;

/**
 * A file's bytes, refused by size before they are read: from its size when it is a regular
 * file (a 1.2 GB file costs a stat), else (a pipe, a device) once more than `maxBytes`
 * have come. Errors are one line naming the file.
 */
async function readInput(path: string, what: string, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = (size: number) =>
    new CliError(`${path}: ${formatLabelMessage('file.tooLarge', { size: megabytes(size), max: megabytes(maxBytes) }, 'en')}`);
  let file: FileHandle | undefined;
  try {
    file = await open(path, 'r');
    const info = await file.stat();
    if (info.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
    if (info.size > maxBytes) throw tooLarge(info.size);
    if (info.isFile()) {
      const bytes = new Uint8Array(info.size);
      let got = 0;
      while (got < bytes.length) {
        const { bytesRead } = await file.read(bytes, got, bytes.length - got, null);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      // The bytes there were at the stat: a file still being written is read no further.
      return bytes.subarray(0, got);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const chunk = new Uint8Array(READ_CHUNK);
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(total);
      chunks.push(chunk.subarray(0, bytesRead));
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) (bytes.set(c, at), (at += c.length));
    return bytes;
  } catch (e) {
    if (e instanceof CliError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (code ?? 'read error');
    throw new CliError(`cannot read the ${what} ${path}: ${reason}`);
  } finally {
    await file?.close();
  }
}

/** Bytes as MB (1,048,576 bytes), whole above 10, else to one decimal. */
function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 10 ? String(Math.round(mb)) : mb.toFixed(1);
}

export async function readDocument(path: string, locale: string): Promise<LabelDocument> {
  const result = readLabel(await readInput(path, 'label file', MAX_LABEL_FILE_BYTES), { locale });
  if (!result.ok) throw new CliError(`${path}: ${labelMessage(result.error)}`);
  return result.value;
}

/**
 * The pages' data: the spreadsheet at `path`, else the label's own; each read in a worker
 * thread with a deadline (sheet-reader.ts), so a file SheetJS never finishes ends the command.
 */
export async function readData(doc: LabelDocument, path: string | undefined, sheet: number | undefined): Promise<DataSource | null> {
  if (path === undefined) {
    if (doc.dataFile === '') return null;
    const file = embeddedBytes(doc.dataFile);
    if (!file) throw new CliError(`the label's embedded spreadsheet: ${labelMessage(new LabelError('embedded.invalid', { what: 'spreadsheet' }))}`);
    const wb = await readSpreadsheetInThread(file.bytes);
    if (!wb.ok) throw new CliError(`the label's embedded spreadsheet: ${labelMessage(wb.error)}`);
    const own = selectSheet(wb.value, doc.dataSheet);
    if (!own.ok) throw new CliError(`the label's embedded spreadsheet: ${labelMessage(own.error)}`);
    return own.value;
  }
  const wb = await readSpreadsheetInThread(await readInput(path, 'spreadsheet', MAX_SPREADSHEET_BYTES));
  if (!wb.ok) throw new CliError(`${path}: ${labelMessage(wb.error)}`);
  const s = selectSheet(wb.value, sheet ?? doc.dataSheet);
  if (!s.ok) throw new CliError(`${path}: ${labelMessage(s.error)}`);
  return s.value;
}
