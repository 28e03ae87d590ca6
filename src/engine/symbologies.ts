/**
 * The symbologies the facade knows: their engine id (zint's barcode number, as in
 * `crates/symbology/src/symbology.rs`) and how text becomes the bytes the engine encodes.
 */
import { EngineError, ErrorCode } from './errors.ts';
import type { BarcodeData, BarcodeType } from './types.ts';

interface SymbologyInfo {
  /** zint's barcode number, the engine's symbology id. */
  id: number;
  /** Name used in messages (the engine's own name for it). */
  name: string;
  /** Text to bytes: `latin1` maps each character U+0000-U+00FF to one byte. */
  charset: 'latin1';
}

export const SYMBOLOGIES: Readonly<Record<BarcodeType, SymbologyInfo>> = {
  code128: { id: 20, name: 'Code 128', charset: 'latin1' },
};

export function symbologyInfo(type: string): SymbologyInfo {
  if (!Object.hasOwn(SYMBOLOGIES, type)) {
    throw new EngineError(ErrorCode.Unsupported, `unsupported barcode type '${type}'`);
  }
  return SYMBOLOGIES[type as BarcodeType];
}

/**
 * The bytes sent to the engine for `data`. Characters outside the symbology's byte range
 * fail here with the engine's message shape; bytes the symbology itself refuses (for
 * Code 128 anything above 127) are left to the engine, which names them.
 */
export function dataBytes(type: BarcodeType, data: BarcodeData): Uint8Array {
  if (data instanceof Uint8Array) return data;
  const info = symbologyInfo(type);
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c > 0xff) {
      const ch = String.fromCodePoint(data.codePointAt(i) ?? c);
      throw new EngineError(ErrorCode.InvalidCharacter, `${info.name}: invalid character '${ch}' at position ${i + 1}`);
    }
    out[i] = c;
  }
  return out;
}
