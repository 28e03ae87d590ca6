/**
 * The facade's public types. Lengths are millimetres (documents use 3 decimals; the
 * display list carries whole micrometres); resolution is dots per inch.
 */

/** Symbologies the engine encodes. More arrive with later issues (symbologies.ts). */
export type BarcodeType = 'code128';

/** Barcode data: text (one byte per character for Code 128) or raw bytes. */
export type BarcodeData = string | Uint8Array;

export interface EncodeRequest {
  type: BarcodeType;
  data: BarcodeData;
}

/** A linear symbol: one byte per module, 1 = bar, 0 = space, no quiet zone. */
export interface LinearSymbol {
  kind: 'linear';
  modules: Uint8Array;
}

/** A matrix symbol: `width * height` bytes, row-major, 1 = dark, no quiet zone. */
export interface MatrixSymbol {
  kind: 'matrix';
  width: number;
  height: number;
  modules: Uint8Array;
}

export type EncodedSymbol = LinearSymbol | MatrixSymbol;

/** A rectangle; its border (lineWidthMm, 0 = none) lies inside the box. */
export interface RectElement {
  kind: 'rect';
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
  lineWidthMm: number;
  filled?: boolean;
}

/**
 * A barcode fitted into its box: bars fill the height; modules snap to whole dots, the
 * widest that fits the width (or `moduleWidthMm` rounded to dots, at least 1), and the
 * symbol is centred horizontally. No quiet zone is added. Empty data draws nothing.
 */
export interface BarcodeElement {
  kind: 'barcode';
  type: BarcodeType;
  data: BarcodeData;
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
  moduleWidthMm?: number;
}

export type PageElement = RectElement | BarcodeElement;

/** One label page: size, resolution and elements drawn in order. */
export interface PageSpec {
  widthMm: number;
  heightMm: number;
  dpi: number;
  elements: readonly PageElement[];
}

/**
 * A rendered 1-bit page: `height` rows of `stride = ceil(width / 8)` bytes, most
 * significant bit = leftmost dot, 1 = black. Sizes are in dots.
 */
export interface Page {
  width: number;
  height: number;
  stride: number;
  data: Uint8Array;
}
