/**
 * The facade's page types: what a label page is made of (display list version 2's
 * elements and page options) and what rendering returns. Lengths are millimetres (the
 * display list carries whole micrometres); resolution is dots per inch.
 */
import type { BarcodeData, MatrixType, OptionsByType, SymbolRequest } from './types.ts';

/** A box on the page, in mm. */
export interface BoxMm {
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
}

/** Rotation of an element's content, degrees clockwise about its box's centre. */
export type Rotation = 0 | 90 | 180 | 270;

/**
 * What every drawn element has besides its box (display list v2's common prefix). The
 * content is laid out in the unrotated box, then turned; a turned box keeps its centre.
 */
export interface ElementStyle {
  /** Default 0. */
  rotation?: Rotation;
  /** Inverted: the box is painted black and the content white. */
  antiColor?: boolean;
  /** The content is mirrored left-right within its box. */
  mirror?: boolean;
}

/** Shapes (SHAPE): a rectangle, a rounded rectangle, or the ellipse inscribed in the box
 * (a circle: pass a square box). The outline (lineWidthMm, 0 = none) lies inside the box. */
export interface ShapeElement extends BoxMm, ElementStyle {
  kind: 'shape';
  shape: 'rect' | 'roundrect' | 'ellipse';
  lineWidthMm: number;
  filled?: boolean;
  /** Round rectangles: corner radius, clamped by the engine to half the shorter side. */
  cornerRadiusMm?: number;
}

/** A rectangle (the v1 element, kept as a shorthand for a SHAPE rectangle). */
export interface RectElement extends BoxMm, ElementStyle {
  kind: 'rect';
  lineWidthMm: number;
  filled?: boolean;
}

/**
 * A barcode fitted into its box. Modules snap to whole dots: the widest that fits (or
 * `moduleWidthMm` rounded to dots, at least 1); the symbol is centred. Linear types: bars
 * and text share the box's height (text below by default). QR: the largest whole-dot
 * module at which symbol and quiet zone fit. Empty data draws nothing.
 */
export type BarcodeElement = { kind: 'barcode'; moduleWidthMm?: number } & BoxMm & ElementStyle & SymbolRequest;

/** A matrix symbol's request without `type`, for the label's 2D control. */
type MatrixRequest<T extends MatrixType> = { type: T; data: BarcodeData } & OptionsByType[T];

/**
 * The label's two-dimensional code control (spec: Qrcode): QR Code (the default when
 * `type` is left out), Data Matrix, PDF417 or Grid Matrix, with that type's options.
 */
export type QrcodeElement = { kind: 'qrcode'; moduleWidthMm?: number } & BoxMm &
  ElementStyle &
  ((Omit<MatrixRequest<'qrcode'>, 'type'> & { type?: 'qrcode' }) | MatrixRequest<'datamatrix'> | MatrixRequest<'pdf417'> | MatrixRequest<'gridmatrix'>);

/** A straight line between two points (LINE). Rotation does not apply: turn the end
 * points. The stroke is centred on the segment, butt ends, at least 1 dot wide. */
export interface LineElement extends Omit<ElementStyle, 'rotation'> {
  kind: 'line';
  x1Mm: number;
  y1Mm: number;
  x2Mm: number;
  y2Mm: number;
  lineWidthMm: number;
  /** Dashes: dash and gap lengths, mm; none or 0 = solid. */
  dashMm?: number;
  gapMm?: number;
  /**
   * The upright box antiColor and mirror act on, mm: an inverted line paints it black and
   * its stroke white, clipped to it. Default: the bounding box of the stroke rectangle
   * (the segment ± half the line width across it, butt ends). A label's horizontal or
   * vertical line passes its control's box (its height is the thickness the line blackens).
   * A plain line ignores it.
   */
  boxMm?: BoxMm;
}

export type HorizontalAlign = 'left' | 'center' | 'right' | 'justify' | 'stretch';
export type VerticalAlign = 'top' | 'middle' | 'bottom';

/** Text (TEXT) or text along the arc of its box (ARC_TEXT), in a registered font. */
export interface TextElement extends BoxMm, ElementStyle {
  kind: 'text' | 'arctext';
  text: string;
  /** A name registered with `loadFont`; unknown names use the default face. */
  fontName: string;
  /** The em height, mm. */
  fontHeightMm: number;
  /** Extra space between characters, mm (may be negative); default 0. */
  charSpaceMm?: number;
  /** Line pitch in lines, 0.001-65.535; default 1. */
  lineSpace?: number;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikeout?: boolean;
  /** Wrap at the box's width (CJK line breaking). */
  wrap?: boolean;
  autoHeight?: boolean;
  /**
   * Characters stacked top to bottom (upright, one em apart plus charSpace) in columns
   * that run right to left; `wrap` starts a new column at the box's bottom, a newline
   * always does (crates/raster/src/truetype/vertical.rs).
   */
  vertical?: boolean;
  /** Default 'left'. */
  align?: HorizontalAlign;
  /** Default 'top'. */
  verticalAlign?: VerticalAlign;
}

/** How a picture becomes dots: threshold, ordered 8x8 (Bayer) half-tone, error diffusion,
 * or grey levels (grey output; 1-bit output uses ordered). */
export type Dither = 'threshold' | 'ordered' | 'floyd-steinberg' | 'atkinson' | 'grey';

/** A luminance image: `width * height` bytes, row-major, 0 = black, 255 = white. */
export interface LumaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A picture (IMAGE), resampled to its box (or tiled) and dithered in page dots. */
export interface ImageElement extends BoxMm, ElementStyle {
  kind: 'image';
  image: LumaImage;
  /** Default 'ordered'. */
  dither?: Dither;
  /** 'threshold': a pixel darker than this (0-255) is black; default 128. */
  threshold?: number;
  /** Repeat the image at this size (mm) instead of stretching it to the box. */
  tile?: { widthMm: number; heightMm: number };
}

/** A table's grid (TABLE): outer border and inner lines, none inside merged areas. Cell
 * text is drawn by separate text elements. */
export interface TableElement extends BoxMm, ElementStyle {
  kind: 'table';
  lineWidthMm: number;
  /** 1-100 rows and columns, mm each. */
  rowHeightsMm: readonly number[];
  colWidthsMm: readonly number[];
  /** Merged areas: first row, first column, last row, last column (0-based, inclusive). */
  merges?: readonly (readonly [number, number, number, number])[];
}

export type PageElement =
  | ShapeElement
  | RectElement
  | BarcodeElement
  | QrcodeElement
  | LineElement
  | TextElement
  | ImageElement
  | TableElement;

/** One label page: size, resolution, page options and elements drawn in order (painter's
 * model: later elements paint over earlier ones). */
export interface PageSpec {
  widthMm: number;
  heightMm: number;
  dpi: number;
  elements: readonly PageElement[];
  /** 8-bit grey output with anti-aliased text and shapes (screens); default 1-bit. */
  grey?: boolean;
  /** The finished page mirrored left-right (horFlip, the mirrored side of mirrorPrint). */
  flipH?: boolean;
  /** The finished page mirrored top-bottom. */
  flipV?: boolean;
  /**
   * The finished page turned clockwise as seen on the page (y down; a 90° turn takes the
   * top-left dot to the top-right corner), degrees; default 0. Applied by the engine last,
   * after the corners and flips; 90 and 270 swap the result's width and height (widthMm and
   * heightMm stay the page as laid out). For a label's printOrientation on printer-ready
   * pages.
   */
  turn?: Rotation;
  /** Rounded page corners, mm; dots outside them stay white. Default 0. */
  cornerRadiusMm?: number;
  /** Background level 0 (black) - 255 (white, the default = none). */
  background?: number;
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

/** A rendered grey page (PageSpec.grey): one byte a dot, 0 = black, 255 = white,
 * `stride = width`. */
export interface GreyPage extends Page {
  grey: true;
}

/** How `loadFont` registers a face. */
export interface FontOptions {
  /** Face index in a TrueType collection (.ttc); default 0. */
  faceIndex?: number;
  bold?: boolean;
  italic?: boolean;
  /** Also append the face to the fallback chain (characters missing from a text's face
   * come from the fallback faces in registration order: Latin, then CJK). */
  fallback?: boolean;
}
