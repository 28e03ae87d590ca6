/**
 * Label rendering: a resolved label page (src/label) to the engine's PageSpec, with the
 * font catalog and picture decoding it needs. Load fonts with `loadBundledFonts` from
 * `./fonts-node.ts` (Node) or `./fonts-browser.ts` (browser).
 */
export { labelPage, type LabelPage, type LabelPageOptions } from './label-page.ts';
export { fontFamilyFor, registerFonts, FONT_FACES, LATIN_FAMILY, CJK_FAMILY, LAST_FALLBACK_FAMILY, type FontFace } from './fonts.ts';
export { decodeEmbeddedImage, decodeImageBytes } from './images.ts';
export { decodeLabelImages } from './images-browser.ts';
export { colourLevel } from './geometry.ts';
