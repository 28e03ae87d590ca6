/**
 * The editor's Print button (issue 13): opens the print page with the label as it is now,
 * unsaved changes included, and its own spreadsheet, handed over in memory — no file dialog.
 * Ctrl+P (Cmd+P on a Mac) does the same while the editor is open, instead of the browser's
 * print dialog, which would print the web page rather than the label.
 */
import { useEffect, useRef } from 'react';
import { ToolbarButton, Tooltip } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { EditorModel } from '../../../editor/model';
import { handOverToPrint } from '../../../editor/print-handover';
import type { PrintRouteState } from './usePrintHandover';

export interface EditorPrintButtonProps {
  model: EditorModel;
  fileName: string | null;
}

export function EditorPrintButton({ model, fileName }: EditorPrintButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { key } = useLocation();
  const print = () => {
    const state: PrintRouteState = { editorHandover: handOverToPrint(model, fileName, key) };
    // Asks nothing about unsaved changes: they wait in the hand-over store (useEditorSession).
    void navigate('/label/print', { state });
  };
  // The key listener outlives renders; it calls the latest `print`.
  const printRef = useRef(print);
  printRef.current = print;

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'p') {
        e.preventDefault();
        if (!e.repeat) printRef.current();
      }
    };
    // Capture: a focused control's own key handling must not swallow it first.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  return (
    <Tooltip content={t('labelEditor.printHint')} relationship="description">
      <ToolbarButton icon={<PrintRegular />} onClick={print} data-testid="editor-print">
        {t('labelEditor.print')}
      </ToolbarButton>
    </Tooltip>
  );
}
