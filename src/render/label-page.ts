/**
 * `labelPage`: one resolved label page (src/label resolvePage) compiled to the engine's
 * PageSpec, every kind of control to display-list elements:
 *
 *   text, date -> TEXT           arctext -> ARC_TEXT        barcode, qrcode -> BARCODE
 *   rectangle  -> SHAPE          line    -> LINE            picture, logo   -> IMAGE
 *   table      -> TABLE, then one TEXT per non-empty cell, turned with the table
 *
 * Label-level rules applied here, so the engine never sees them: printScale and the print
 * offsets (positions `mm * scale + offset`, lengths `mm * scale`; font heights, character
 * spacing and barcode captions then kept within the engine's limits, src/engine/limits.ts,
 * and the page at least one dot a side), controls not printed
 * (printing=false; kept with `preview`), the mirrored side of mirrorPrint, horFlip
 * (FLIP_H), the corner radius, the background (colour -> grey level by luminance;
 * transparent -> white), the background and border pictures. A flag label's tail is not
 * printed: it is stock beyond the label body, which the editor shows on its overlay
 * (src/editor/flag-tail.ts; issue 13: never baked into the label). Font names become registered families
 * (fonts.ts). The label's printOrientation is not applied here: a print job carries it
 * (the helper's StartJob / jobInfo orientation), and printer-ready pages are turned by the
 * engine (PageSpec.turn, set by the print job, src/print/job.ts).
 *
 * Each element kind compiles through its own entry of COMPILERS, a table checked to have
 * one for every kind (ElementKind, src/label/elements/index.ts): adding a kind without a
 * compiler is a type error, and labelPage is a loop over the controls.
 */
import type { BarcodeElement, BoxAlign, BoxMm, BoxVerticalAlign, Dither, HorizontalAlign, LumaImage, PageElement, PageSpec, QrcodeElement, TextElement, VerticalAlign } from '../engine/types.ts';
import type { ResolvedElementOf, ResolvedLabel } from '../label/resolve.ts';
import type { ElementKind } from '../label/elements/index.ts';
import type { TextStyle } from '../label/elements/common.ts';
import { MAX_BARCODE_FONT_PT, MAX_CHAR_SPACE_MM, maxFontMm } from '../engine/limits.ts';
import { fontFamilyFor } from './fonts.ts';
import { centre, colourLevel, placeBox, placePoint, turnBoxCentre, type Placement } from './geometry.ts';
import { decodeEmbeddedImage } from './images.ts';
import { borderPieces } from './border.ts';

export interface LabelPageOptions {
  /** Output resolution, dots per inch (203 and 300 for printers). */
  dpi: number;
  /** 8-bit grey output for screens (anti-aliased). */
  grey?: boolean;
  /** The editor's view: include controls that are shown but not printed (printing=false). */
  preview?: boolean;
  /**
   * Which side of a mirrorPrint label: 'front' (default) draws controls whose mirrorMode is
   * 0 (none) or 1 (both); 'mirrored' flips the page left-right and draws modes 1 and 16
   * (mirror only).
   */
  side?: 'front' | 'mirrored';
  /** The half-tone used for pictures in half-tone mode; default 'ordered' (8x8 Bayer). */
  halftone?: 'ordered' | 'floyd-steinberg' | 'atkinson';
  /** Picture decoder (data URL -> luminance); default decodeEmbeddedImage. */
  decodeImage?: (dataUrl: string) => LumaImage | null;
}

/** A compiled page, plus where each element came from. */
export interface LabelPage extends PageSpec {
  /** For each of `elements`, the index of the document control it draws; -1 for the
   * label's own drawing (background, border, tail). EngineError.element indexes `elements`. */
  sources: number[];
  /** Things skipped, for the user (a picture that could not be decoded). */
  warnings: string[];
}

const H_ALIGN: readonly HorizontalAlign[] = ['left', 'center', 'right', 'justify', 'stretch'];
const V_ALIGN: readonly VerticalAlign[] = ['top', 'middle', 'bottom', 'top', 'top'];
const TEXT_ALIGN: readonly ('left' | 'center' | 'right' | 'justify')[] = ['left', 'center', 'right', 'justify'];
const MM_PER_PT = 25.4 / 72;
/**
 * A barcode's or 2D code's place in its box from the control's horAlignment /
 * verAlignment: 0 left / top, 1 centre, 2 right / bottom; justify (3) and stretch (4) mean
 * nothing to a symbol and centre it. Centre is left out (the engine's default), so an
 * untouched document compiles to the display list it always did. Decision: both controls
 * default to horAlignment 1 (src/label/elements barcode.ts, qrcode.ts; the vendor's
 * designer centres a symbol in its box and the spec says the 2D code is centred), so only
 * a document that asks for an edge gets one. A barcode's bars fill the box's height, so
 * its verAlignment (not resolved) would change nothing.
 */
const BOX_ALIGN: readonly (BoxAlign | undefined)[] = ['left', undefined, 'right'];
const BOX_VERTICAL_ALIGN: readonly (BoxVerticalAlign | undefined)[] = ['top', undefined, 'bottom'];
/** fontStyle bits (spec): bold 1, italic 2. */
const FONT_BOLD = 1;
const FONT_ITALIC = 2;
/** colorMode: 0 original, 1 gray256 -> grey levels (1-bit output: ordered); 2 blackWhite -> threshold; 3 half-tone. */
const DITHER_BY_MODE: readonly Dither[] = ['grey', 'grey', 'threshold', 'ordered'];

type Out = { elements: PageElement[]; sources: number[]; warnings: string[] };

/** What every compiler reads besides its control: the output lists, the placement and the
 * page's options. One object per page, passed down (no per-page closures). */
interface PageContext extends Out {
  place: PagePlacement;
  options: LabelPageOptions;
  decode: (dataUrl: string) => LumaImage | null;
  /** The label's design resolution (picture tiles are its pixels), dots per inch. */
  sourceDpi: number;
}

/**
 * Compiles one control of kind K: `box` is its placed box (printScale and offsets
 * applied), `style` its rotation and inversion; appends what it draws to `c`.
 */
type Compiler<K extends ElementKind> = (c: PageContext, el: ResolvedElementOf<K>, box: BoxMm, style: Style) => void;

/** Appends element `e`, drawn for control `source` (-1: the label itself). A module-level
 * function, not a closure in labelPage: tsx names every closure it creates (a
 * defineProperty call), which cost more than the push itself on every page. */
function add(out: Out, source: number, e: PageElement): void {
  out.elements.push(e);
  out.sources.push(source);
}

/**
 * The placement, and the largest font height the engine draws at the page's dpi, mm. The
 * model keeps sizes within what the engine draws at scale 1; printScale (up to 10) can take
 * a font height or character spacing past the engine's limits (src/engine/limits.ts), which
 * would fail the whole page, so scaled values are clamped to them: the text is drawn at the
 * largest size the engine draws rather than not at all.
 */
type PagePlacement = Placement & { maxFontMm: number };

export function labelPage(resolved: ResolvedLabel, options: LabelPageOptions): LabelPage {
  const place: PagePlacement = {
    scale: resolved.printScale, dxMm: resolved.printOffsetMm?.x ?? 0, dyMm: resolved.printOffsetMm?.y ?? 0, maxFontMm: maxFontMm(options.dpi),
  };
  const mirrored = options.side === 'mirrored';
  const decode = options.decodeImage ?? decodeEmbeddedImage;
  const c: PageContext = { elements: [], sources: [], warnings: [], place, options, decode, sourceDpi: resolved.sourceDpi };
  // A label may be as small as 0.001 mm a side (the model's minimum), which rounds to no
  // dots and the engine refuses a page of no area: the page is at least one dot a side.
  const minSideMm = 25.4 / options.dpi;
  const pageBox: BoxMm = { xMm: 0, yMm: 0, widthMm: Math.max(resolved.widthMm, minSideMm), heightMm: Math.max(resolved.heightMm, minSideMm) };

  if (resolved.backgroundImage) {
    const image = decode(resolved.backgroundImage);
    if (image) add(c, -1, { kind: 'image', ...pageBox, image, dither: options.halftone ?? 'ordered' });
    else c.warnings.push('the background picture could not be decoded');
  }
  if (resolved.border) {
    const image = decode(resolved.border.image);
    if (image) for (const piece of borderPieces(image, resolved.border.dotsPerMm, pageBox)) add(c, -1, piece);
    else c.warnings.push('the border picture could not be decoded');
  }

  for (const el of resolved.elements) {
    if (!el.printing && !options.preview) continue;
    if (mirrored ? el.mirrorMode === 0 : el.mirrorMode === 16) continue;
    const style: Style = { rotation: el.rotation, antiColor: el.antiColor || undefined };
    // One entry per kind; the cast is only because TypeScript cannot pair a union's member
    // with its own table entry (COMPILERS is checked entry by entry where it is written).
    (COMPILERS[el.kind] as Compiler<ElementKind>)(c, el, placeBox(place, el.box), style);
  }

  return {
    widthMm: pageBox.widthMm,
    heightMm: pageBox.heightMm,
    dpi: options.dpi,
    grey: options.grey || undefined,
    flipH: resolved.horFlip !== mirrored || undefined,
    cornerRadiusMm: resolved.cornerRadiusMm,
    background: colourLevel(resolved.background),
    elements: c.elements,
    sources: c.sources,
    warnings: c.warnings,
  };
}

/*---- One compiler per element kind ----*/

/** Text and date controls: TEXT. */
function compileText(c: PageContext, el: ResolvedElementOf<'text' | 'date'>, box: BoxMm, style: Style): void {
  add(c, el.index, textElement('text', el.text, el.style, box, c.place, style));
}

/** Text along an arc: ARC_TEXT. */
function compileArcText(c: PageContext, el: ResolvedElementOf<'arctext'>, box: BoxMm, style: Style): void {
  add(c, el.index, textElement('arctext', el.text, el.style, box, c.place, style));
}

function compileBarcode(c: PageContext, el: ResolvedElementOf<'barcode'>, box: BoxMm, style: Style): void {
  add(c, el.index, barcodeElement(el, box, c.place, style));
}

function compileCode2d(c: PageContext, el: ResolvedElementOf<'qrcode'>, box: BoxMm, style: Style): void {
  add(c, el.index, code2dElement(el, box, style));
}

/** Rectangles, round rectangles, circles and ellipses: SHAPE, drawn in the figure's own box
 * (a circle's is the square in the middle of the control's). */
function compileRectangle(c: PageContext, el: ResolvedElementOf<'rectangle'>, _box: BoxMm, style: Style): void {
  const place = c.place;
  const figure = placeBox(place, el.figure);
  add(c, el.index, {
    kind: 'shape',
    shape: el.shape === 'roundrect' ? 'roundrect' : el.shape === 'rect' ? 'rect' : 'ellipse',
    xMm: figure.xMm,
    yMm: figure.yMm,
    widthMm: figure.widthMm,
    heightMm: figure.heightMm,
    rotation: style.rotation,
    antiColor: style.antiColor,
    lineWidthMm: el.lineWidthMm * place.scale,
    filled: el.filled,
    cornerRadiusMm: el.shape === 'roundrect' ? el.cornerRadiusMm * place.scale : undefined,
  });
}

function compileLine(c: PageContext, el: ResolvedElementOf<'line'>, box: BoxMm, style: Style): void {
  const place = c.place;
  // The resolved ends are the line's true ends at any angle (rotation included).
  const [x1, y1] = placePoint(place, el.x1, el.y1);
  const [x2, y2] = placePoint(place, el.x2, el.y2);
  // What antiColor blackens (src/label/elements/line.ts): a horizontal or vertical
  // line's box (its height is the thickness), turned upright about its centre; a
  // diagonal line's stroke rectangle's bounding box, LineElement's default (its
  // model box, the ends' bounding box, would cut the stroke's corners off).
  const diagonal = el.x1 !== el.x2 && el.y1 !== el.y2;
  const [cx, cy] = centre(box);
  const [bw, bh] = style.rotation === 90 || style.rotation === 270 ? [box.heightMm, box.widthMm] : [box.widthMm, box.heightMm];
  add(c, el.index, {
    kind: 'line', x1Mm: x1, y1Mm: y1, x2Mm: x2, y2Mm: y2, lineWidthMm: el.lineWidthMm * place.scale,
    dashMm: el.dash ? el.dash[0] * place.scale : undefined, gapMm: el.dash ? el.dash[1] * place.scale : undefined,
    antiColor: style.antiColor,
    boxMm: diagonal ? undefined : { xMm: cx - bw / 2, yMm: cy - bh / 2, widthMm: bw, heightMm: bh },
  });
}

/** Pictures and logos: IMAGE; one that cannot be decoded is a warning, not an error. */
function compilePicture(c: PageContext, el: ResolvedElementOf<'picture' | 'logo'>, box: BoxMm, style: Style): void {
  if (!el.image) return;
  const image = c.decode(el.image);
  if (!image) {
    c.warnings.push(`control ${el.index + 1}: the picture could not be decoded`);
    return;
  }
  const dither = el.colorMode === 3 ? (c.options.halftone ?? 'ordered') : DITHER_BY_MODE[el.colorMode]!;
  const pxMm = (25.4 / c.sourceDpi) * c.place.scale;
  add(c, el.index, {
    kind: 'image', ...box, ...style, image, dither, threshold: el.threshold,
    tile: el.tile ? { widthMm: image.width * pxMm, heightMm: image.height * pxMm } : undefined,
  });
}

/**
 * The compiler of each element kind. `satisfies` checks every entry against its own kind
 * and that no kind is missing: a new kind in src/label/elements/index.ts does not compile
 * until it has an entry here.
 */
const COMPILERS = {
  text: compileText,
  date: compileText,
  arctext: compileArcText,
  barcode: compileBarcode,
  qrcode: compileCode2d,
  rectangle: compileRectangle,
  line: compileLine,
  picture: compilePicture,
  logo: compilePicture,
  table: compileTable,
} satisfies { [K in ElementKind]: Compiler<K> };

type Style = { rotation: ResolvedLabel['orientation']; antiColor?: boolean };

// The element builders below list their fields rather than spread the box and style: V8
// spreads objects slowly (measured on the reference label: labelPage 6.3 -> 1.6 µs median
// with the other changes of that commit). Keys and values are the same as the spreads gave.
function textElement(kind: 'text' | 'arctext', text: string, s: TextStyle, box: BoxMm, place: PagePlacement, style: Style): TextElement {
  return {
    kind,
    xMm: box.xMm,
    yMm: box.yMm,
    widthMm: box.widthMm,
    heightMm: box.heightMm,
    rotation: style.rotation,
    antiColor: style.antiColor,
    text,
    fontName: fontFamilyFor(s.fontName),
    fontHeightMm: Math.min(s.fontHeightMm * place.scale, place.maxFontMm),
    charSpaceMm: Math.min(Math.max(s.charSpaceMm * place.scale, -MAX_CHAR_SPACE_MM), MAX_CHAR_SPACE_MM),
    lineSpace: s.lineSpace,
    bold: s.bold,
    italic: s.italic,
    underline: s.underline,
    strikeout: s.strikeout,
    wrap: s.wrap,
    autoHeight: s.autoHeight,
    vertical: s.vertical,
    align: H_ALIGN[s.horAlignment] ?? 'left',
    verticalAlign: V_ALIGN[s.verAlignment] ?? 'top',
  };
}

function barcodeElement(el: ResolvedElementOf<'barcode'>, box: BoxMm, place: Placement, style: Style): BarcodeElement {
  return {
    kind: 'barcode',
    xMm: box.xMm,
    yMm: box.yMm,
    widthMm: box.widthMm,
    heightMm: box.heightMm,
    rotation: style.rotation,
    antiColor: style.antiColor,
    type: el.symbology,
    data: el.data,
    textPosition: el.textPosition,
    textAlign: TEXT_ALIGN[el.textAlignment] ?? 'center',
    fontSizePt: Math.min((el.font.fontHeightMm * place.scale) / MM_PER_PT, MAX_BARCODE_FONT_PT),
    // The caption in the control's own font, as its text controls would draw it.
    fontName: fontFamilyFor(el.font.fontName),
    fontBold: (el.font.fontStyle & FONT_BOLD) !== 0 || undefined,
    fontItalic: (el.font.fontStyle & FONT_ITALIC) !== 0 || undefined,
    boxAlign: BOX_ALIGN[el.horAlignment],
  };
}

function code2dElement(el: ResolvedElementOf<'qrcode'>, box: BoxMm, style: Style): QrcodeElement {
  switch (el.symbology) {
    case 'datamatrix':
      return Object.assign(matrixBase(el, box, style, 'datamatrix'), { shape: el.dataMatrix.shape });
    case 'pdf417':
      return Object.assign(matrixBase(el, box, style, 'pdf417'), {
        ecc: el.pdf417.eccLevel < 0 ? undefined : el.pdf417.eccLevel,
        columns: el.pdf417.columns || undefined,
        aspect: el.pdf417.aspectRatio,
      });
    case 'gridmatrix':
      return Object.assign(matrixBase(el, box, style, 'gridmatrix'), { layers: el.gridMatrix.version || undefined, ecc: el.gridMatrix.eccLevel || undefined });
    default:
      return Object.assign(matrixBase(el, box, style, 'qrcode'), { ecc: el.qr.ecc, version: el.qr.version || undefined });
  }
}

/** What every 2D element has. Object.assign adds each type's options: the spread this
 * replaced, `{ ...common, type, ... }`, took 2.5-3 µs per call in Node 20 (measured), this
 * about 0.1 µs. */
function matrixBase<T extends QrcodeElement['type']>(el: ResolvedElementOf<'qrcode'>, box: BoxMm, style: Style, type: T) {
  return {
    kind: 'qrcode' as const, xMm: box.xMm, yMm: box.yMm, widthMm: box.widthMm, heightMm: box.heightMm,
    rotation: style.rotation, antiColor: style.antiColor, data: el.data, quietZone: el.quietZoneModules, type,
    boxAlign: BOX_ALIGN[el.horAlignment], boxVerticalAlign: BOX_VERTICAL_ALIGN[el.verAlignment],
  };
}

/**
 * The grid, then each cell's text in the cell's box less its margins (1 mm left and right,
 * 0 top and bottom, spec) and the grid line, so text never covers a line; a turned table
 * turns each cell's centre about the table's centre and gives the text its rotation.
 */
function compileTable(c: PageContext, el: ResolvedElementOf<'table'>, box: BoxMm, style: Style): void {
  const place = c.place;
  const s = place.scale;
  add(c, el.index, {
    kind: 'table', ...box, ...style, lineWidthMm: el.lineWidthMm * s,
    rowHeightsMm: el.rowHeights.map((h) => h * s), colWidthsMm: el.colWidths.map((w) => w * s), merges: el.merges,
  });
  const [cx, cy] = centre(box);
  for (const cell of el.cells) {
    if (cell.text === '') continue;
    const b = placeBox(place, cell.box);
    const inset = el.lineWidthMm * s;
    const padX = cell.marginHMm * s + inset;
    const padY = cell.marginVMm * s + inset;
    const inner: BoxMm = { xMm: b.xMm + padX, yMm: b.yMm + padY, widthMm: Math.max(0, b.widthMm - 2 * padX), heightMm: Math.max(0, b.heightMm - 2 * padY) };
    if (inner.widthMm <= 0 || inner.heightMm <= 0) continue;
    add(c, el.index, textElement('text', cell.text, cell.style, turnBoxCentre(inner, cx, cy, style.rotation), place, style));
  }
}

