/**
 * Plane geometry for the label compiler, in label millimetres (y grows downwards):
 * print scale and offsets, and quarter turns about a box's centre.
 */
import type { BoxMm, Rotation } from '../engine/types.ts';
import { turnPoint } from '../label/units.ts';

/** Label mm to printed mm: `mm * scale + offset` for positions, `mm * scale` for lengths. */
export interface Placement {
  scale: number;
  dxMm: number;
  dyMm: number;
}

export const IDENTITY: Placement = { scale: 1, dxMm: 0, dyMm: 0 };

export function placeBox(p: Placement, b: BoxMm): BoxMm {
  return { xMm: b.xMm * p.scale + p.dxMm, yMm: b.yMm * p.scale + p.dyMm, widthMm: b.widthMm * p.scale, heightMm: b.heightMm * p.scale };
}

export function placePoint(p: Placement, x: number, y: number): [number, number] {
  return [x * p.scale + p.dxMm, y * p.scale + p.dyMm];
}

export function centre(b: BoxMm): [number, number] {
  return [b.xMm + b.widthMm / 2, b.yMm + b.heightMm / 2];
}

/** A box of the same size whose centre is turned about (cx, cy): a table cell turned with its table. */
export function turnBoxCentre(b: BoxMm, cx: number, cy: number, rotation: Rotation): BoxMm {
  const [x, y] = centre(b);
  const [nx, ny] = turnPoint(x, y, cx, cy, rotation);
  return { xMm: nx - b.widthMm / 2, yMm: ny - b.heightMm / 2, widthMm: b.widthMm, heightMm: b.heightMm };
}

/** Grey level 0-255 of a `#RRGGBB` or `#AARRGGBB` colour on white paper (Rec. 601 luma);
 * null (transparent) is white. */
export function colourLevel(colour: string | null): number {
  if (colour === null) return 255;
  // Written without closures or arrays: every page asks (was about 0.4 µs, measured).
  const hex = colour.startsWith('#') ? colour.slice(1) : colour;
  if (hex.length !== 8 && hex.length !== 6) return 255;
  const at = hex.length - 6;
  const a = at === 2 ? byteAt(hex, 0) : 255;
  const r = byteAt(hex, at);
  const g = byteAt(hex, at + 2);
  const b = byteAt(hex, at + 4);
  if (!(Number.isFinite(a) && Number.isFinite(r) && Number.isFinite(g) && Number.isFinite(b))) return 255;
  const y = (299 * r + 587 * g + 114 * b) / 1000;
  return Math.round((y * a + 255 * (255 - a)) / 255);
}

/** The two hex digits at `i` (parseInt: NaN when they do not start with one). */
function byteAt(hex: string, i: number): number {
  return parseInt(hex.slice(i, i + 2), 16);
}
