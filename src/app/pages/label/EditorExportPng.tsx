/**
 * The toolbar's "Export PNG" (issue 13): the current page as the printer gets it, the
 * engine's 1-bit page at the label's dpi (203 by default) turned by its print orientation
 * as the CLI's `render` turns it, downloaded as a 1-bit PNG recording the dpi
 * (src/editor/export-png.ts).
 */
import { messageLanguage } from '../../i18n/types';
import { useState } from 'react';
import { ToolbarButton, Tooltip } from '@fluentui/react-components';
import { ImageArrowForwardRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { LabelDocument } from '../../../label/label';
import type { DataSource } from '../../../label/binding/data';
import { BrowserEngine } from '../../../print/browser/engine';
import { formatPrintError } from '../../../print/errors';
import { pageToPng, pngFileName } from '../../../editor/export-png';
import type { EditorNotice } from './EditorMoreTools';

/** Offers `bytes` as a download named `name`. */
function download(bytes: Uint8Array, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `data` and `pageIndex` (0-based): the spreadsheet as read and the page the canvas shows. */
export function EditorExportPng({ doc, data = null, pageIndex = 0, fileName, onNotice }: { doc: LabelDocument; data?: DataSource | null; pageIndex?: number; fileName: string | null; onNotice: (n: EditorNotice | null) => void }) {
  const { t, i18n } = useTranslation();
  const language = messageLanguage(i18n.language);
  const [busy, setBusy] = useState(false);

  const exportPng = async () => {
    setBusy(true);
    try {
      const engine = await BrowserEngine.load();
      const dpi = doc.sourceDpi;
      // The data as the canvas has it (not null, which would read the embedded file again).
      const job = await engine.openJob(doc, data, { dpi, turn: 'label', timeMs: Date.now() });
      if (!job.ok) return onNotice({ intent: 'error', text: formatPrintError(job.error, language) });
      const pageNo = pageIndex + 1;
      const page = job.value.page(pageIndex);
      if (!page.ok) return onNotice({ intent: 'error', text: formatPrintError(page.error, language) });
      const name = pngFileName(fileName ?? doc.labelName, pageNo);
      download(pageToPng(page.value, dpi), name, 'image/png');
      onNotice({ intent: 'success', text: t('labelEditor.exported', { name, width: page.value.width, height: page.value.height }) });
    } catch (e) {
      onNotice({ intent: 'error', text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip content={t('labelEditor.exportPngHint', { dpi: doc.sourceDpi })} relationship="description">
      <ToolbarButton icon={<ImageArrowForwardRegular />} disabled={busy} onClick={() => void exportPng()} data-testid="editor-export-png">
        {t('labelEditor.exportPng')}
      </ToolbarButton>
    </Tooltip>
  );
}
