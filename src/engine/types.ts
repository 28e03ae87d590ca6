/**
 * The facade's public types. Lengths are millimetres (documents use 3 decimals; the
 * display list carries whole micrometres); resolution is dots per inch.
 */
import type { BoxMm } from './page-types.ts';

/** Linear (1D) symbologies: the label editor's barcode types (spec section 3). */
export type LinearType =
  | 'code128'
  | 'ean13'
  | 'ean8'
  | 'upca'
  | 'upce'
  | 'isbn'
  | 'code39'
  | 'code93'
  | 'codabar'
  | 'itf'
  | 'itf14';

/** Matrix (2D) symbologies; PDF417 is stacked, a matrix of one module row per symbol row. */
export type MatrixType = 'qrcode' | 'datamatrix' | 'gridmatrix' | 'pdf417';

export type BarcodeType = LinearType | MatrixType;

/**
 * Barcode data: text or raw bytes. Text becomes bytes per type (symbologies.ts): Latin-1
 * for linear types (Code 39 and Code 93 turn characters beyond U+007F into `?`, spec
 * section 5), UTF-8 for QR. Raw bytes go as they are; for QR they are encoded as binary
 * (byte mode, no character-set declaration).
 */
export type BarcodeData = string | Uint8Array;

/** Where a linear symbol's human-readable text goes (spec: none, upper, below, mask). */
export type TextPosition = 'none' | 'above' | 'below' | 'mask';
/** Alignment of the text under or over the bars (spec: textAlignment, default centre). */
export type TextAlign = 'left' | 'center' | 'right' | 'justify';

/** Where the whole symbol sits across its element's box (the control's horAlignment). */
export type BoxAlign = 'left' | 'center' | 'right';
/** Where the whole symbol sits down its element's box (the control's verAlignment). */
export type BoxVerticalAlign = 'top' | 'middle' | 'bottom';

/**
 * Placement of the symbol in its element's box, every type. Not the human-readable text's
 * alignment under the bars (`textAlign`). Drawing only: `encode` ignores it.
 */
export interface BoxAlignOptions {
  /** Default 'center'. Linear: the bars with their text (EAN/UPC with the digits printed
   * outside the bars); matrix: the symbol with its quiet zone, kept inside the box. */
  boxAlign?: BoxAlign;
  /** Default 'middle'. Moves matrix symbols (PDF417 too); linear bars fill the box's height. */
  boxVerticalAlign?: BoxVerticalAlign;
}

/** Human-readable text, for every linear type. Drawing only: `encode` ignores it. */
export interface TextOptions extends BoxAlignOptions {
  /** Default 'below'. EAN/UPC/ISBN below use the conventional layout (guard bars descend). */
  textPosition?: TextPosition;
  /** Default 'center'. */
  textAlign?: TextAlign;
  /** Font size in points (em height); default 5 (spec: barcode font size 5 points). */
  fontSizePt?: number;
  /**
   * Family the text is set in: a name registered with `loadFont` (an unknown name gets the
   * default face, as text elements do), at most 64 bytes of UTF-8. Default: the default
   * face. With no face registered the engine's built-in stroke font draws the text.
   */
  fontName?: string;
  /** Bold / italic face of `fontName` (synthesised when the family has none). */
  fontBold?: boolean;
  fontItalic?: boolean;
}

/** Code 39, Codabar, ITF and ITF-14 draw wide elements at this ratio (2 to 3, default 2.5). */
export interface WideRatioOptions {
  /** Wide:narrow ratio at render, 2.0-3.0 in steps of 0.1; default 2.5 (3 at 1-dot narrow). */
  wideRatio?: number;
}

export interface Code128Options extends TextOptions {
  /** Data is GS1 bracket syntax, `(01)09501101530003(10)ABC`: GS1-128 with FNC1. */
  gs1?: boolean;
}
export interface Code39Options extends TextOptions, WideRatioOptions {
  /** Full ASCII (Code 39 Extended). */
  fullAscii?: boolean;
  /** Add the mod-43 check character. */
  checkDigit?: boolean;
}
export interface CodabarOptions extends TextOptions, WideRatioOptions {
  /** Add the mod-16 check character. */
  checkDigit?: boolean;
}
export interface ItfOptions extends TextOptions, WideRatioOptions {
  /** Add the GS1 mod-10 check digit. */
  checkDigit?: boolean;
}
export type QrEcc = 'L' | 'M' | 'Q' | 'H';
export interface QrOptions extends BoxAlignOptions {
  /** Error-correction level; default 'M' (spec). */
  ecc?: QrEcc;
  /** 1-40, or 0 / undefined for the smallest that holds the data. */
  version?: number;
  /** 0-7, or undefined for the lowest penalty. */
  mask?: number;
  /** Data is GS1 bracket syntax (FNC1 mode). */
  gs1?: boolean;
  /** Light margin kept inside the element's box, in modules (spec zoneSize: 0, 2 or 4); default 2. */
  quietZone?: number;
}

/** Which shapes automatic Data Matrix sizing may choose (the label's dmCodeShape). */
export type DmShape = 'auto' | 'square' | 'rectangle';
/**
 * Data Matrix ECC 200. Text is UTF-8 (Latin-1-only text is carried as ISO-8859-1, other text
 * behind ECI 26); a Uint8Array is encoded as raw bytes.
 */
export interface DataMatrixOptions extends BoxAlignOptions {
  /** Default 'auto': the smallest square or rectangle. Ignored with a fixed `size`. */
  shape?: DmShape;
  /**
   * A fixed size: zint's size number (1-24 squares 10x10-144x144, 25-30 rectangles
   * 8x18-16x48, 31-48 DMRE), or 'RxC' such as '16x48'; 0 / undefined chooses the smallest.
   */
  size?: number | string;
  /** Data is GS1 bracket syntax (FNC1 first). */
  gs1?: boolean;
  /** Light margin kept inside the element's box, in modules; default 2 (ISO/IEC 16022 asks for 1). */
  quietZone?: number;
}
/** PDF417 (ISO/IEC 15438). Text is UTF-8 (ECI 26 beyond Latin-1); a Uint8Array is raw bytes. */
export interface Pdf417Options extends BoxAlignOptions {
  /** Error-correction level 0-8; undefined for automatic (by data size). */
  ecc?: number;
  /** Data columns 1-30, or 0 / undefined for automatic (from `aspect`). */
  columns?: number;
  /** Rows 3-90, or 0 / undefined for as many as the data needs. */
  rows?: number;
  /** Module rows per symbol row, 1-30; default 3 (module height = rowHeight x module width). */
  rowHeight?: number;
  /** Drawn width / height that automatic columns aim at, 1-100; default 3. */
  aspect?: number;
  /** Light margin kept inside the element's box, in modules; default 2 (ISO/IEC 15438). */
  quietZone?: number;
}
/** Grid Matrix (GB/T 27766). Text is UTF-8. */
export interface GridMatrixOptions extends BoxAlignOptions {
  /** 1-13 layers (`6 + 12 * layers` modules a side), or 0 / undefined for automatic. */
  layers?: number;
  /** ECC level 1-5 (5 strongest), or 0 / undefined for automatic; adjusted as zint does. */
  ecc?: number;
  /** Light margin kept inside the element's box, in modules; default 6 (GB/T 27766). */
  quietZone?: number;
}

/** The options each type takes. */
export interface OptionsByType {
  code128: Code128Options;
  ean13: TextOptions;
  ean8: TextOptions;
  upca: TextOptions;
  upce: TextOptions;
  isbn: TextOptions;
  code39: Code39Options;
  code93: TextOptions;
  codabar: CodabarOptions;
  itf: ItfOptions;
  itf14: TextOptions & WideRatioOptions;
  qrcode: QrOptions;
  datamatrix: DataMatrixOptions;
  gridmatrix: GridMatrixOptions;
  pdf417: Pdf417Options;
}

/** What to encode: a type, its data and that type's options. */
export type SymbolRequest = {
  [T in BarcodeType]: { type: T; data: BarcodeData } & OptionsByType[T];
}[BarcodeType];

export type EncodeRequest = SymbolRequest;

/** A linear symbol: one byte per module, 1 = bar, 0 = space, no quiet zone. */
export interface LinearSymbol {
  kind: 'linear';
  modules: Uint8Array;
  /** The human-readable text (EAN/UPC: all digits, check digit included). */
  text: string;
}

/** A matrix symbol: `width * height` bytes, row-major, 1 = dark, no quiet zone. */
export interface MatrixSymbol {
  kind: 'matrix';
  width: number;
  height: number;
  modules: Uint8Array;
  /**
   * The size used (chosen when left automatic). QR: version 1-40. Data Matrix: zint's size
   * number (1-24 squares, 25-30 rectangles, 31-48 DMRE). Grid Matrix: layers 1-13.
   * PDF417: data columns 1-30 (`height` is its rows).
   */
  version: number;
  /** QR: the level used. */
  ecc?: QrEcc;
  /** QR: the mask used. */
  mask?: number;
  /** Grid Matrix: the ECC level used, 1-5. PDF417: 0-8. */
  eccLevel?: number;
}

export type EncodedSymbol = LinearSymbol | MatrixSymbol;

/* Page elements, page options and rendered pages: page-types.ts. */
export type * from './page-types.ts';

/** `engine.measure`: a barcode element placed at a resolution, without drawing it. */
export type MeasureRequest = SymbolRequest & BoxMm & { dpi: number; moduleWidthMm?: number };

/** Where a barcode is drawn and how wide its modules are, in whole dots. */
export interface Measurement {
  kind: 'linear' | 'matrix';
  /** Symbol size in modules, no quiet zone (linear: height 1). */
  modulesWide: number;
  modulesHigh: number;
  /** Dots per module (wide/narrow types: the narrow element). */
  moduleDots: number;
  /** Dots per wide element for Code 39, Codabar, ITF, ITF-14; otherwise 0. */
  wideDots: number;
  /** Top-left dot of the bars or matrix on the page. */
  xDots: number;
  yDots: number;
  /** Drawn size of bars (at full height) or matrix, without quiet zone, in dots and mm. */
  widthDots: number;
  heightDots: number;
  widthMm: number;
  heightMm: number;
  /** Size of the human-readable text in dots; 0 when none is drawn. */
  textDots: number;
  /** Whether the symbol (with quiet zone / outside digits) fits the box. */
  fits: boolean;
  /** The symbol's full horizontal extent, the bars plus EAN/UPC digits printed outside them. */
  extentXDots: number;
  extentWidthDots: number;
}
