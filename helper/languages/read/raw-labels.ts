/**
 * Raw printer data read as labels, for printers that draw what they are sent themselves
 * (the virtual printer takes PrintRawData this way): the ZPL or TSPL stream is read by the
 * same readers as our test printers, and each finished label is a page.
 *
 * Only graphics are drawn (`^GFA` in ZPL, `BITMAP` in TSPL: what our own print data and
 * every image-based SDK send). A command that draws with the printer's own fonts or
 * symbologies (a ZPL field, box or barcode, a TSPL TEXT or BARCODE) is refused with code 7
 * rather than printed without it: the page would lack part of what was sent.
 */
import { CODE, HelperFailure } from '../../protocol.ts';
import type { ReceivedLabel } from './label-canvas.ts';
import { TsplReader } from './tspl-reader.ts';
import { ZplReader, type ReaderEvents } from './zpl-reader.ts';

export type RawLanguage = 'zpl' | 'tspl';

/** Commands that draw with the printer's own fonts, lines or symbologies. */
const ZPL_DRAWING = /^\^(A[0-9A-Z@]?|FD|FV|FB|FT|GB|GC|GD|GE|B[0-9A-Z]|XG|IM)/i;
const TSPL_DRAWING = /^(TEXT|BLOCK|BARCODE|QRCODE|DMATRIX|PDF417|MAXICODE|AZTEC|BOX|BAR|CIRCLE|ELLIPSE|DIAGONAL|PUTBMP|PUTPCX|REVERSE|ERASE)\b/i;

export function readRawLabels(bytes: Uint8Array, language: RawLanguage, dpi: number): ReceivedLabel[] {
  const labels: ReceivedLabel[] = [];
  const errors: string[] = [];
  const events: ReaderEvents = {
    labelStart() {},
    label(label) {
      labels.push(label);
    },
    status() {},
    error(message) {
      errors.push(message);
    },
  };
  const reader = language === 'zpl' ? new ZplReader(events, 1) : new TsplReader(events, 1, dpi);
  reader.push(bytes);
  if (errors.length > 0) throw new HelperFailure(CODE.invalidFile, `the ${language.toUpperCase()} data cannot be printed: ${errors[0]}`);
  const drawing = language === 'zpl' ? ZPL_DRAWING : TSPL_DRAWING;
  for (const label of labels) {
    const command = label.commands.find((c) => drawing.test(c));
    if (command !== undefined) {
      throw new HelperFailure(
        CODE.invalidFile,
        `this printer draws graphics only (${language === 'zpl' ? '^GFA' : 'BITMAP'}); '${command.slice(0, 30)}' draws with the printer's own fonts or symbols: send the label as an image`,
      );
    }
  }
  if (labels.length === 0) {
    throw new HelperFailure(CODE.invalidFile, `no whole label in the data (${language === 'zpl' ? '^XA ... ^XZ' : 'SIZE, BITMAP, PRINT'}): this printer reads ${language.toUpperCase()}`);
  }
  return labels;
}
