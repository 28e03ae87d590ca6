/**
 * SVG from a 1-bit page: one `<rect>` per run of black dots, where a run that repeats
 * unchanged on the following rows becomes one taller rect (a bar is one rect, a QR module
 * row segment one rect per module row). Coordinates are dots (the viewBox); with `dpi` the
 * width and height attributes give the physical size in millimetres.
 */
import type { Page } from './types.ts';

export function pageToSvg(page: Page, dpi?: number): string {
  // Runs of each row as "x0,x1" keys; open rects keyed by run, closed when the run ends.
  const rects: string[] = [];
  let open = new Map<string, number>(); // run key -> first row
  const close = (key: string, top: number, bottom: number) => {
    const [x0, x1] = key.split(',').map(Number) as [number, number];
    rects.push(`<rect x="${x0}" y="${top}" width="${x1 - x0}" height="${bottom - top}"/>`);
  };
  for (let y = 0; y <= page.height; y++) {
    const runs = y < page.height ? rowRuns(page, y) : [];
    const next = new Map<string, number>();
    for (const key of runs) next.set(key, open.get(key) ?? y);
    for (const [key, top] of open) if (!next.has(key)) close(key, top, y);
    open = next;
  }
  const size = dpi
    ? ` width="${mm(page.width, dpi)}mm" height="${mm(page.height, dpi)}mm"`
    : ` width="${page.width}" height="${page.height}"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${page.width} ${page.height}"${size} shape-rendering="crispEdges">\n` +
    `<rect width="${page.width}" height="${page.height}" fill="#fff"/>\n` +
    `<g fill="#000">\n${rects.join('\n')}${rects.length ? '\n' : ''}</g>\n</svg>\n`
  );
}

function mm(dots: number, dpi: number): string {
  return String(Math.round((dots * 25_400) / dpi) / 1000);
}

/** The black runs of row `y` as "x0,x1" (end-exclusive). */
function rowRuns(page: Page, y: number): string[] {
  const runs: string[] = [];
  const row = y * page.stride;
  let start = -1;
  for (let x = 0; x <= page.width; x++) {
    const black = x < page.width && ((page.data[row + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1;
    if (black && start < 0) start = x;
    if (!black && start >= 0) {
      runs.push(`${start},${x}`);
      start = -1;
    }
  }
  return runs;
}
