/**
 * The bundled fonts in the browser (main thread or a Web Worker): fetched from /fonts/,
 * where Vite serves public/fonts (copied to dist/fonts by the build).
 *
 * `BrowserFonts` fetches a face only when asked for it (src/print/browser/fonts.ts
 * `fontsFor` decides which a label needs): the CJK face is 5 MB, the last-resort face 4 MB,
 * and most Latin labels need neither. Bytes come through the browser's HTTP cache (the
 * server lets it keep /fonts/ for a week: a worker asking for a file the page fetched gets
 * the cached copy, and so does a registration that grows the set of faces).
 */
import type { Engine } from '../engine/engine.ts';
import { FONT_FACES, registerFonts, type FontFace } from './fonts.ts';

/** Every catalog face, fetched at once (a page that renders anything). */
export function loadBundledFonts(engine: Engine, base = '/fonts/'): Promise<{ missing: string[] }> {
  return new BrowserFonts(engine, base).ensure(FONT_FACES);
}

/** Downloads started before any engine exists (`prefetchFonts`), by URL, until a
 * BrowserFonts takes them. */
const prefetched = new Map<string, Promise<Uint8Array | null>>();

/** The bytes at `url` (null when the server has no such file). */
async function download(url: string): Promise<Uint8Array | null> {
  const response = await fetch(url);
  return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
}

/**
 * Starts downloading `faces` now, so they arrive while the engine's module is still
 * compiling: the next `ensure` asking for them (of any BrowserFonts with the same base)
 * takes these downloads instead of starting its own.
 */
export function prefetchFonts(faces: readonly FontFace[], base = '/fonts/'): void {
  for (const face of faces) {
    const url = base + face.file;
    if (prefetched.has(url)) continue;
    const pending = download(url);
    pending.catch(() => prefetched.delete(url)); // a network failure: the ensure tries again
    prefetched.set(url, pending);
  }
}

/** The shared registries, one per engine and font base. */
const shared = new WeakMap<Engine, Map<string, BrowserFonts>>();

/** One engine's fonts, registered on demand. */
export class BrowserFonts {
  /**
   * The registry shared by everyone drawing with `engine` on this page (the editor's
   * warm-up and its canvas): faces one registered are not registered again by the other.
   */
  static of(engine: Engine, base = '/fonts/'): BrowserFonts {
    let byBase = shared.get(engine);
    if (!byBase) shared.set(engine, (byBase = new Map()));
    let fonts = byBase.get(base);
    if (!fonts) byBase.set(base, (fonts = new BrowserFonts(engine, base)));
    return fonts;
  }

  /** Files registered with the engine (the union of every `ensure`). */
  private readonly registered = new Set<string>();
  /** Files being fetched (bytes, or null when the server has no such file), so concurrent
   * asks share one download. */
  private readonly bytes = new Map<string, Promise<Uint8Array | null>>();
  /** Files the server did not have (the page still renders without them). */
  private readonly absent = new Set<string>();
  /** `ensure` calls run one after another: each re-registers the whole set. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly engine: Engine,
    private readonly base = '/fonts/',
  ) {}

  /** The files registered so far. */
  get files(): string[] {
    return [...this.registered];
  }

  /**
   * Makes sure `faces` are registered, along with those registered before (a page may show
   * several labels). Registration starts over from the catalog's order whenever the set
   * grows, so the fallback chain keeps its order (Latin, CJK, last resort). Resolves with
   * the files the server did not have; rejects on a network failure (nothing changes then,
   * and a later call tries again).
   */
  ensure(faces: readonly FontFace[]): Promise<{ missing: string[] }> {
    const run = this.queue.then(() => this.register(faces));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async register(faces: readonly FontFace[]): Promise<{ missing: string[] }> {
    const asked = faces.map((f) => f.file);
    const missing = () => asked.filter((f) => this.absent.has(f));
    if (asked.every((f) => this.registered.has(f) || this.absent.has(f))) return { missing: missing() };
    const want = new Set([...this.registered, ...asked]);
    // Fetch first: the engine's registry is cleared only once every file is here.
    const files = new Map<string, Uint8Array | null>();
    await Promise.all([...want].map(async (file) => files.set(file, await this.fetch(file))));
    await registerFonts(this.engine, async (file) => files.get(file) ?? null);
    this.registered.clear();
    for (const [file, bytes] of files) {
      if (bytes) this.registered.add(file);
      else this.absent.add(file);
      // The engine holds its own copy: drop ours (5 MB for the CJK face, in every worker).
      // Should the set grow, the files come back from the HTTP cache.
      this.bytes.delete(file);
    }
    return { missing: missing() };
  }

  private fetch(file: string): Promise<Uint8Array | null> {
    let pending = this.bytes.get(file);
    if (!pending) {
      const url = this.base + file;
      pending = prefetched.get(url) ?? download(url);
      prefetched.delete(url); // taken: the bytes are dropped with this registry's copy
      // A network failure: forget it, so a later call tries again.
      pending.catch(() => this.bytes.delete(file));
      this.bytes.set(file, pending);
    }
    return pending;
  }
}
