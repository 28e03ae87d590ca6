/**
 * TSPL (TSC and the many printers that speak it) for one page: the page is one BITMAP at
 * the label origin, raw binary, lines ended by CR LF:
 *
 *   SIZE {w} mm,{h} mm        label size from the page, dots -> mm at settings.dpi
 *   GAP {g} mm,0 mm           gap/hole media (GAP 0,0 continuous, BLINE for black mark)
 *   DIRECTION 0,0
 *   DENSITY n                 spec darkness 0-14 -> 0-15
 *   SPEED n                   spec speed 0-4 -> 2-6 inches per second
 *   CLS
 *   BITMAP 0,0,{widthBytes},{heightDots},0,<widthBytes * heightDots raw bytes>
 *   PRINT 1,{copies}
 *
 * In a TSPL bitmap a 0 bit prints a dot, so our 1 = black bits are inverted; the padding
 * bits after the last dot of a row are sent as 1 (no dot). Mode 0 is OVERWRITE.
 * Settings (all optional; unset leaves the printer's own):
 * - darkness 0-14 -> DENSITY round(d * 15 / 14) (0-15): the vendor's 0, 3, 5, 9, 14 become
 *   0, 3, 5, 10, 15.
 * - speed 0-4 -> SPEED 2, 3, 4, 5, 6 (inches per second; a printer rounds to its nearest).
 * - gapType 0 none -> GAP 0,0 (continuous); 1 hole and 2 gap -> GAP {g} mm,0 mm (the
 *   transmissive sensor finds both); 3 black mark -> BLINE {g} mm,0 mm. The gap or mark
 *   length g is gapLengthMm, or 2 mm (a common die-cut gap) when only the type is set.
 */
import type { Bitmap, PrintSettings } from '../printer.ts';
import { checkPrintable, dotsToMm, formatMm, packedRows, rowBytesOf, speedInchesPerSecond } from './page.ts';

/** <ESC>!? : the printer answers one status byte (0 ready; bits: 0 head open, 1 paper jam,
 * 2 paper out, 3 ribbon out, 4 pause, 5 printing, 6 cover open, 7 other error). */
export const TSPL_STATUS_QUERY = '\x1b!?';

/** Gap or mark length used when the gap type is set without a length, mm. */
export const DEFAULT_GAP_MM = 2;

/** TSPL DENSITY (0-15) for the spec's darkness 0-14. */
export function tsplDensity(darkness: number): number {
  return Math.round((darkness * 15) / 14);
}

/** The commands for one page, as bytes. Throws PrinterError 1/5 for bad input. */
export function encodeTspl(page: Bitmap, settings: PrintSettings): Uint8Array {
  checkPrintable(page, settings);
  const rowBytes = rowBytesOf(page.width);
  const lines = [`SIZE ${dotsToMm(page.width, settings.dpi)} mm,${dotsToMm(page.height, settings.dpi)} mm`];
  if (settings.gapType !== undefined) {
    const gap = formatMm(settings.gapLengthMm ?? DEFAULT_GAP_MM);
    if (settings.gapType === 0) lines.push('GAP 0,0');
    else if (settings.gapType === 3) lines.push(`BLINE ${gap} mm,0 mm`);
    else lines.push(`GAP ${gap} mm,0 mm`);
  }
  lines.push('DIRECTION 0,0');
  if (settings.darkness !== undefined) lines.push(`DENSITY ${tsplDensity(settings.darkness)}`);
  if (settings.speed !== undefined) lines.push(`SPEED ${speedInchesPerSecond(settings.speed)}`);
  lines.push('CLS');
  const head = Buffer.from(`${lines.join('\r\n')}\r\nBITMAP 0,0,${rowBytes},${page.height},0,`, 'latin1');
  const bits = packedRows(page);
  // packedRows clears the padding bits; inverted they become 1: no dot.
  for (let i = 0; i < bits.length; i++) bits[i] = ~bits[i]! & 0xff;
  const tail = Buffer.from(`\r\nPRINT 1,${settings.copies}\r\n`, 'latin1');
  const out = new Uint8Array(head.length + bits.length + tail.length);
  out.set(head, 0);
  out.set(bits, head.length);
  out.set(tail, head.length + bits.length);
  return out;
}
