/**
 * Picture items: JSON `image` (DrawImage with imageFile, DrawImageD with the image in the
 * body): the engine's IMAGE element.
 *
 * Fields (the SDK's DrawImageOptions):
 *   imageFile         an http(s) URL, a data URL, base64, or wdfx `png*****<base64>`
 *   x, y, width, height the box; with no size the image is its own size in printer dots,
 *                     with one side given the other keeps its proportions
 *   threshold         1-255: a pixel darker than this prints (default: the job's, else
 *                     192); 0 the default; 256 (grey) and 257 (colour) print the picture
 *                     half-toned (8x8 ordered dither), as a 1-bit printer can
 *   alignment / imageAlignment  0 top-left, 1 centred (default; SetParam 36 changes it),
 *                     2 bottom-right: the picture scaled to fit the box, proportions kept;
 *                     3 stretched to the box; 4 filling the box, proportions kept, the
 *                     overflow cut off evenly
 */
import type { BoxMm, Dither, ImageElement, LumaImage, PageElement, Rotation } from '../../src/engine/types.ts';
import { contentBox, itemBox, itemRotation, type DrawContext } from './context.ts';
import type { ItemFields } from './fields.ts';

export const DEFAULT_THRESHOLD = 192;
const GREY = 256;
const COLOUR = 257;

export async function imageElements(f: ItemFields, ctx: DrawContext): Promise<PageElement[]> {
  const source = f.text('imageFile', 'image', 'data', 'content', 'src');
  if (source === undefined) throw f.fail('imageFile', 'is missing (an image URL, data URL or base64)', 5);
  const image = await ctx.images.load(source, f.where, ctx.signal);
  return pictureElements(image, f, ctx);
}

/** The IMAGE element for a decoded picture, placed by the item's box and alignment. */
export function pictureElements(image: LumaImage, f: ItemFields, ctx: DrawContext): PageElement[] {
  const rotation = itemRotation(f, ctx);
  const threshold = f.number('threshold', { integer: true, min: 0, max: COLOUR }) ?? ctx.threshold;
  const alignment = f.number(['imageAlignment', 'alignment'], { integer: true, min: 0, max: 4 }) ?? ctx.defaults.imageAlignment;
  const sent = itemBox(f);
  const dotMm = 25.4 / ctx.dpi;
  // Turned a quarter, the picture's own width runs down the page.
  const [ownW, ownH] = rotation === 90 || rotation === 270 ? [image.height * dotMm, image.width * dotMm] : [image.width * dotMm, image.height * dotMm];
  if (sent.widthMm === 0 && sent.heightMm === 0) [sent.widthMm, sent.heightMm] = [ownW, ownH];
  else if (sent.widthMm === 0) sent.widthMm = (sent.heightMm * ownW) / ownH;
  else if (sent.heightMm === 0) sent.heightMm = (sent.widthMm * ownH) / ownW;
  const frame = contentBox(sent, rotation);
  const { box, picture } = placed(image, frame, alignment);
  const cut = threshold === 0 ? ctx.threshold : threshold;
  const dither: Dither = cut === GREY || cut === COLOUR ? 'ordered' : 'threshold';
  const element: ImageElement = {
    kind: 'image',
    ...box,
    rotation: rotation as Rotation,
    antiColor: f.flag('antiColor') || undefined,
    image: picture,
    dither,
    threshold: dither === 'threshold' ? cut : undefined,
  };
  return [element];
}

/** The picture's box in `frame` by alignment, and the picture itself (cropped for 4). */
function placed(image: LumaImage, frame: BoxMm, alignment: number): { box: BoxMm; picture: LumaImage } {
  if (alignment === 3) return { box: frame, picture: image };
  const imageAspect = image.width / image.height;
  const frameAspect = frame.widthMm / frame.heightMm;
  if (alignment === 4) return { box: frame, picture: cropToAspect(image, frameAspect) };
  const scale = imageAspect > frameAspect ? frame.widthMm / image.width : frame.heightMm / image.height;
  const w = image.width * scale;
  const h = image.height * scale;
  const at = alignment === 0 ? 0 : alignment === 2 ? 1 : 0.5;
  return { box: { xMm: frame.xMm + (frame.widthMm - w) * at, yMm: frame.yMm + (frame.heightMm - h) * at, widthMm: w, heightMm: h }, picture: image };
}

/** The middle of `image` cut to `aspect` (width / height). */
function cropToAspect(image: LumaImage, aspect: number): LumaImage {
  let w = image.width;
  let h = image.height;
  if (w / h > aspect) w = Math.max(1, Math.round(h * aspect));
  else h = Math.max(1, Math.round(w / aspect));
  if (w === image.width && h === image.height) return image;
  const x0 = Math.floor((image.width - w) / 2);
  const y0 = Math.floor((image.height - h) / 2);
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) data.set(image.data.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x0 + w), y * w);
  return { width: w, height: h, data };
}
