/**
 * A label's own spreadsheet (its dataFile), read in a Web Worker with a deadline
 * (label/browser/read-sheet.ts) before the page reads it: a label file carrying a spreadsheet
 * SheetJS never finishes (e2e/editor-sheet-deadline.test.ts) would otherwise freeze
 * the editor as it opens. A workbook read so is remembered by its data URL (spreadsheet.ts),
 * where the editor's synchronous reader (editor/data.ts) then takes it without parsing.
 */
import { useEffect, useState } from 'react';
import { embeddedBytes } from '../../../label/embedded';
import { LabelError } from '../../../label/errors';
import { readSpreadsheetInBrowser } from '../../../label/browser/read-sheet';
import { rememberedWorkbook, rememberWorkbook } from '../../../label/spreadsheet';

export type EmbeddedRead = { state: 'none' | 'reading' | 'ready' } | { state: 'failed'; error: LabelError };

/** Data URLs whose reading failed, with why (the last few: a label's undo history may bring one back). */
const failures = new Map<string, LabelError>();
const KEPT_FAILURES = 8;

function statusOf(dataFile: string): EmbeddedRead {
  if (dataFile === '') return { state: 'none' };
  if (rememberedWorkbook(dataFile)) return { state: 'ready' };
  const error = failures.get(dataFile);
  return error ? { state: 'failed', error } : { state: 'reading' };
}

function fail(dataFile: string, error: LabelError): void {
  failures.set(dataFile, error);
  while (failures.size > KEPT_FAILURES) failures.delete(failures.keys().next().value!);
}

/** Where reading `dataFile` stands; the component renders again when it ends. */
export function useEmbeddedWorkbook(dataFile: string): EmbeddedRead {
  const [, setFinished] = useState(0);
  const status = statusOf(dataFile);
  useEffect(() => {
    if (status.state !== 'reading') return;
    let live = true;
    const file = embeddedBytes(dataFile);
    if (!file) {
      fail(dataFile, new LabelError('embedded.invalid', { what: 'spreadsheet' }));
      setFinished((n) => n + 1);
      return;
    }
    void readSpreadsheetInBrowser(file.bytes).then((read) => {
      if (read.ok) rememberWorkbook(dataFile, read.value);
      else fail(dataFile, read.error);
      if (live) setFinished((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [dataFile, status.state]);
  return status;
}
