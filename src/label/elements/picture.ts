/**
 * Picture control (spec section 3, Picture; tags `<Image>` and `<Photo>`): an embedded
 * picture (a data URL; `png*****base64` in files), drawn in a colour mode. Default 10 by
 * 10 mm, half-tone, threshold 128. Content that is not embedded yet (a URL or path) is
 * kept for the editor to fetch and embed (spec section 5); the renderer gets `image: null`.
 */
import { bool, embedded, int, numberChoice } from '../schema.ts';
import { embeddedMime } from '../embedded.ts';
import { boxFields } from './common.ts';
import { defineKind } from './kind.ts';

/** 0 original, 1 grey (256 levels), 2 black and white (threshold), 3 half-tone. */
export type ColorMode = 0 | 1 | 2 | 3;
export const ColorMode = { Original: 0, Gray256: 1, BlackWhite: 2, HalfTone: 3 } as const;

export function pictureFields(colorMode: ColorMode) {
  return {
    ...boxFields({ width: 10, height: 10 }),
    content: embedded({ aliases: ['image', 'imageFile', 'src'] }),
    colorMode: numberChoice<ColorMode>(colorMode, [0, 1, 2, 3]),
    /** Black-and-white threshold, 0-255. */
    threshold: int(128, { min: 0, max: 255 }),
    /** Repeat the picture to fill the box. */
    tile: bool(false, { aliases: ['imageTile'] }),
  };
}

export function resolvePicture(el: { content: string; colorMode: ColorMode; threshold: number; tile: boolean }) {
  const mime = embeddedMime(el.content);
  return {
    /** The data URL, or null when there is no embedded picture. */
    image: mime ? el.content : null,
    mime,
    /** A reference still to be embedded (URL or path), or null. */
    source: mime || el.content === '' ? null : el.content,
    colorMode: el.colorMode,
    threshold: el.threshold,
    tile: el.tile,
  };
}

export const pictureKind = defineKind({
  kind: 'picture',
  tag: 'Image',
  tags: ['image', 'photo', 'picture'],
  fields: pictureFields(3),
  pageInfoLevel: 0,
  serialDigits: 0,
  resolve: (el) => resolvePicture(el),
});
