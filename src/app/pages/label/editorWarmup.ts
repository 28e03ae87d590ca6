/**
 * Imported for its effect by the editor's canvas: as soon as the editor's code has loaded,
 * the page's engine starts compiling and the bundled Latin and CJK faces are fetched and
 * registered, while the app is still checking the session and drawing the page. The
 * editor's first label frame then waits for neither (bench/editor.ts, "first frame").
 * The faces are the ones nearly every label uses (zh-CN is the default language); a label
 * that needs no other font draws with what is registered here.
 */
import { createLabel } from '../../../label/label';
import { BrowserEngine } from '../../../print/browser/engine';
import { markEditorStep } from '../../../editor/frame-mark';

/** A label with one Latin and one Chinese line: its job registers both default faces. */
const WARM_LABEL = createLabel({
  children: [
    { kind: 'text', x: 1, y: 1, width: 20, height: 5, fontName: 'Arial', content: 'Asset' },
    { kind: 'text', x: 1, y: 8, width: 20, height: 5, fontName: '黑体', content: '资产' },
  ],
});

if (typeof window !== 'undefined') {
  markEditorStep('code');
  void BrowserEngine.load()
    .then((engine) => {
      markEditorStep('engine');
      return engine.openJob(WARM_LABEL, null, { dpi: 96, grey: true, preview: true });
    })
    .then(() => markEditorStep('fonts'))
    .catch(() => undefined); // the editor's own render reports any failure
}
