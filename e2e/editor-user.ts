/**
 * A user at the label editor, for browser tests: one tab's canvas (label mm to page px,
 * clicks, drags), its property and data panels, files chosen through the buttons' own file
 * choosers, and the canvas's pixels. `newFrame` waits for the editor's frame hook
 * (src/editor/frame-mark.ts; `installFrameCounter` before the page loads), so a raster read
 * after it is the frame for the state waited for, never the one before.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Makes every page of `context` count the editor's frames in `window.__frames`. */
export async function installFrameCounter(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __frames: number; __assetmarkEditorFrame: () => void };
    w.__frames = 0;
    w.__assetmarkEditorFrame = () => {
      w.__frames++;
    };
  });
}

/** A 1-bit page, row by row, 1 = black. */
export interface Dots {
  width: number;
  height: number;
  dark: number[];
}

/** How many places two equally long pixel lists (or strings) differ in; Infinity if the lengths differ. */
export function differ(a: ArrayLike<unknown>, b: ArrayLike<unknown>): number {
  if (a.length !== b.length) return Infinity;
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

/** One editor tab and what the user does in it. */
export class Editor {
  constructor(readonly page: Page) {}

  id(testId: string): Locator {
    return this.page.locator(`[data-testid="${testId}"]`);
  }

  frames(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { __frames: number }).__frames);
  }

  /** Does `act`, then waits until the canvas shows a new frame of the current state. */
  async newFrame(act: () => Promise<void>, state: Record<string, string> = {}): Promise<void> {
    const before = await this.frames();
    await act();
    await expect.poll(() => this.frames()).toBeGreaterThan(before);
    await this.ready(state);
  }

  async ready(state: Record<string, string> = {}): Promise<void> {
    const attrs = Object.entries({ state: 'ready', ...state })
      .map(([k, v]) => `[data-${k}="${v}"]`)
      .join('');
    await this.page.locator(`[data-testid="editor-raster"]${attrs}`).waitFor();
  }

  /** The page point (px) of label point (x, y) mm on the canvas at the current zoom. */
  async at(xMm: number, yMm: number): Promise<{ x: number; y: number }> {
    const overlay = this.id('editor-overlay');
    const box = (await overlay.boundingBox())!;
    const ox = Number(await overlay.getAttribute('data-origin-x'));
    const oy = Number(await overlay.getAttribute('data-origin-y'));
    const zoom = Number(await this.id('editor-raster').getAttribute('data-zoom'));
    return { x: box.x + ox + xMm * zoom, y: box.y + oy + yMm * zoom };
  }

  async clickAt(xMm: number, yMm: number): Promise<void> {
    const p = await this.at(xMm, yMm);
    await this.page.mouse.click(p.x, p.y);
  }

  /** Drags with the mouse from label point `from` to `to` (mm), in small steps. */
  async drag(from: [number, number], to: [number, number]): Promise<void> {
    const a = await this.at(...from);
    const b = await this.at(...to);
    await this.page.mouse.move(a.x, a.y);
    await this.page.mouse.down();
    for (let i = 1; i <= 10; i++) await this.page.mouse.move(a.x + ((b.x - a.x) * i) / 10, a.y + ((b.y - a.y) * i) / 10);
    await this.page.mouse.up();
  }

  /** Drags the selected control by its middle so that its corner lands on `to` (mm); the
   * drop may snap to the label's and other controls' lines, so within 0.3 mm. Where it went. */
  async dragSelectedTo(to: { x: number; y: number }): Promise<[number, number]> {
    const [x, y, w, h] = await this.box();
    await this.drag([x + w / 2, y + h / 2], [to.x + w / 2, to.y + h / 2]);
    await expect.poll(async () => Math.max(...(await this.box()).slice(0, 2).map((v, i) => Math.abs(v - [to.x, to.y][i]!)))).toBeLessThan(0.3);
    return (await this.box()).slice(0, 2) as [number, number];
  }

  kind(): Promise<string | null> {
    return this.id('prop-panel').getAttribute('data-kind');
  }

  async box(): Promise<number[]> {
    return Promise.all(['prop-x', 'prop-y', 'prop-width', 'prop-height'].map(async (f) => Number(await this.id(f).inputValue())));
  }

  /** Types a number into a field and commits it with Enter, as the panel asks. */
  async setField(testId: string, value: number): Promise<void> {
    await this.id(testId).fill(String(value));
    await this.id(testId).press('Enter');
    await expect.poll(() => this.id(testId).inputValue()).toBe(String(value));
  }

  /** Selects the control under label point (x, y) mm and checks its kind. */
  async select(xMm: number, yMm: number, kind: string): Promise<void> {
    await this.clickAt(xMm, yMm);
    await expect.poll(() => this.kind()).toBe(kind);
  }

  /** Chooses the data column whose title names `column` in the content-source list. */
  async bind(column: string): Promise<void> {
    const option = this.id('data-column').locator('option', { hasText: column });
    const value = (await option.getAttribute('value'))!;
    await this.id('data-column').selectOption(value);
    await expect.poll(() => this.id('data-column').inputValue()).toBe(value);
  }

  /** A file chosen through the button's own file chooser, as a user picks one. */
  async choose(button: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.id(button).click();
    await (await chooser).setFiles(file);
  }

  pageShown(): Promise<string | null> {
    return this.id('data-paging').getAttribute('data-page');
  }

  /** The canvas's pixels, one character a pixel: its red channel (the raster is grey, so
   * red is its shade); a string crosses from the page far faster than a number array. */
  async pixels(): Promise<{ width: number; height: number; red: string }> {
    return this.id('editor-raster').evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let red = '';
      for (let i = 0; i < data.length; i += 4) red += String.fromCharCode(data[i]!);
      return { width: canvas.width, height: canvas.height, red };
    });
  }

  /** The printer-dots view as 0/1 dots (1 = black), width x height; fails on any grey pixel. */
  async dots(): Promise<Dots> {
    expect(await this.id('editor-raster').getAttribute('data-dots')).toBe('true');
    const { width, height, red } = await this.pixels();
    // The view is 1-bit: every pixel pure black or pure white, so the cut at 128 loses nothing.
    expect(red.replace(/[\u0000\u00ff]/g, '').length).toBe(0);
    return { width, height, dark: Array.from(red, (c) => (c.charCodeAt(0) < 128 ? 1 : 0)) };
  }

  /** Goes to page `n` (1-based) by typing it into the page box. */
  async goTo(n: number): Promise<void> {
    await this.id('data-page-input').fill(String(n));
    await this.id('data-page-input').press('Enter');
  }
}
