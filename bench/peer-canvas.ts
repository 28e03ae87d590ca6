/**
 * @napi-rs/canvas (Skia) for the render benchmark's peer pipeline, installed on first use
 * into node_modules/.cache/bench-peer rather than listed in package.json. Why: the package
 * ships one binary package per platform as optional dependencies, and the npm registry this
 * project installs from offers only some of them, so a package-lock.json that lists it
 * cannot pass `npm ci`. Only the benchmark needs it; tests never load it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The exact version the peer figures were measured with. */
const PACKAGE = '@napi-rs/canvas@1.1.1';
const DIR = fileURLToPath(new URL('../node_modules/.cache/bench-peer/', import.meta.url));

/** What the peer pipeline uses of a canvas (the browser's 2D context API, which Skia's follows). */
export interface PeerCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): CanvasRenderingContext2D;
}

export interface CanvasModule {
  createCanvas(width: number, height: number): PeerCanvas;
  GlobalFonts: { registerFromPath(path: string, family: string): unknown };
}

let loaded: CanvasModule | null = null;

/** The canvas package, installed with npm the first time (needs the npm registry once). */
export function peerCanvas(): CanvasModule {
  if (loaded) return loaded;
  const require = createRequire(join(DIR, 'package.json'));
  try {
    loaded = require('@napi-rs/canvas') as CanvasModule;
  } catch {
    mkdirSync(DIR, { recursive: true });
    // Its own package.json keeps npm from treating the project as the install root.
    if (!existsSync(join(DIR, 'package.json'))) writeFileSync(join(DIR, 'package.json'), '{ "private": true }\n');
    console.error(`[bench] installing ${PACKAGE} for the peer pipeline into ${DIR}`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', DIR, PACKAGE], { stdio: ['ignore', 2, 'inherit'] } /* npm's progress to stderr: stdout is --json's */);
    loaded = require('@napi-rs/canvas') as CanvasModule;
  }
  return loaded;
}
