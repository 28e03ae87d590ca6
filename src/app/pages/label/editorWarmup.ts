/**
 * The label editor's warm-up: the engine's module is fetched and compiled (streaming) and
 * the default Latin and CJK faces are fetched at the same time, then registered with the
 * page's engine, while the app is still checking the session and drawing the page. The
 * editor's first label frame then waits for neither (bench/editor.ts, "first frame").
 *
 * Kept small on purpose: main.tsx imports it ahead of the app, and a page opened on the
 * editor starts the downloads before React and the app's other code even run. It
 * imports only the engine loader and the font registry, never the job code (print/job.ts
 * and SheetJS, the larger part of the editor's code), which BrowserEngine adds later and
 * which finds the engine and its faces ready (BrowserFonts.of shares the registrations).
 *
 * The faces are the ones nearly every label uses (zh-CN is the default language, and a new
 * label's text is Chinese there); a label that needs no other font draws with what is
 * registered here. A label needing others (bold, the last-resort face) adds them when its
 * job opens.
 */
import { loadEngine } from '../../../engine/load-browser';
import { BrowserFonts, prefetchFonts } from '../../../render/fonts-browser';
import { CJK_FAMILY, FONT_FACES, LATIN_FAMILY } from '../../../render/fonts';
import { markEditorStep } from '../../../editor/frame-mark';

/** Latin regular and the CJK face, in the catalog's (registration) order. */
const DEFAULT_FACES = FONT_FACES.filter((f) => !f.bold && !f.italic && (f.family === LATIN_FAMILY || f.family === CJK_FAMILY));

let started = false;

/** Starts the warm-up once per page; later calls do nothing. Failures are left to the
 * editor's own render, which reports them. */
export function warmUpEditor(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  markEditorStep('code');
  prefetchFonts(DEFAULT_FACES);
  void loadEngine()
    .then((engine) => {
      markEditorStep('engine');
      return BrowserFonts.of(engine).ensure(DEFAULT_FACES);
    })
    .then(() => markEditorStep('fonts'))
    .catch(() => undefined);
}

// A page opened on the editor itself starts at once: main.tsx imports this module before
// the app, so this runs while the app's own modules have yet to be evaluated.
if (typeof location !== 'undefined' && location.pathname.startsWith('/label/editor')) warmUpEditor();
