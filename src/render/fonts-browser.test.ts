import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import { BrowserFonts, prefetchFonts } from './fonts-browser.ts';
import { FONT_FACES } from './fonts.ts';

const LATIN = FONT_FACES.find((f) => f.file === 'LiberationSans-Regular.ttf')!;
const CJK = FONT_FACES.find((f) => f.file === 'wqy-microhei.ttc')!;

/** An engine that only records what is registered (the engine's own font tests are elsewhere). */
function recordingEngine(): Engine & { loads: string[]; clears: number } {
  const engine = {
    loads: [] as string[],
    clears: 0,
    clearFonts() {
      engine.clears++;
      engine.loads = [];
    },
    loadFont(name: string, bytes: Uint8Array) {
      engine.loads.push(`${name}:${bytes[0]}`);
    },
  };
  return engine as unknown as Engine & { loads: string[]; clears: number };
}

/** fetch replaced: each URL's requests are counted; the body's first byte tells the files apart. */
let requests: Map<string, number>;
beforeEach(() => {
  requests = new Map();
  vi.stubGlobal('fetch', async (url: string) => {
    requests.set(url, (requests.get(url) ?? 0) + 1);
    return new Response(new Uint8Array([url.length % 256, 1, 2, 3]));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('BrowserFonts', () => {
  it('is one registry per engine and font base, so faces are registered once for everyone', async () => {
    const engine = recordingEngine();
    const warmUp = BrowserFonts.of(engine, '/a/');
    expect(BrowserFonts.of(engine, '/a/')).toBe(warmUp);
    expect(BrowserFonts.of(engine, '/b/')).not.toBe(warmUp);
    expect(BrowserFonts.of(recordingEngine(), '/a/')).not.toBe(warmUp);

    await warmUp.ensure([LATIN, CJK]);
    expect(engine.clears).toBe(1);
    // The editor's canvas asks the same registry for a subset: nothing is fetched or registered again.
    await BrowserFonts.of(engine, '/a/').ensure([LATIN]);
    expect(engine.clears).toBe(1);
    expect(engine.loads.map((l) => l.split(':')[0])).toEqual([LATIN.family, CJK.family]);
    expect(requests.get('/a/' + LATIN.file)).toBe(1);
    expect(requests.get('/a/' + CJK.file)).toBe(1);
  });

  it('takes the downloads prefetchFonts started instead of fetching again', async () => {
    prefetchFonts([LATIN, CJK], '/c/');
    prefetchFonts([LATIN], '/c/'); // already under way: no second request
    expect(requests.get('/c/' + LATIN.file)).toBe(1);
    expect(requests.get('/c/' + CJK.file)).toBe(1);

    const engine = recordingEngine();
    await BrowserFonts.of(engine, '/c/').ensure([LATIN, CJK]);
    expect(requests.get('/c/' + LATIN.file)).toBe(1);
    expect(requests.get('/c/' + CJK.file)).toBe(1);
    expect(engine.loads).toEqual([`${LATIN.family}:${('/c/' + LATIN.file).length % 256}`, `${CJK.family}:${('/c/' + CJK.file).length % 256}`]);

    // Taken once: another engine's registry downloads for itself.
    await BrowserFonts.of(recordingEngine(), '/c/').ensure([LATIN]);
    expect(requests.get('/c/' + LATIN.file)).toBe(2);
  });

  it('fetches again after a prefetch that failed on the network', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      requests.set(url, (requests.get(url) ?? 0) + 1);
      throw new TypeError('network down');
    });
    prefetchFonts([LATIN], '/d/');
    // The download fails within microtasks; a task later its failure has been handled.
    await new Promise((r) => setTimeout(r, 0));
    vi.stubGlobal('fetch', async (url: string) => {
      requests.set(url, (requests.get(url) ?? 0) + 1);
      return new Response(new Uint8Array([7]));
    });
    const engine = recordingEngine();
    await BrowserFonts.of(engine, '/d/').ensure([LATIN]);
    expect(requests.get('/d/' + LATIN.file)).toBe(2);
    expect(engine.loads).toEqual([`${LATIN.family}:7`]);
  });
});
