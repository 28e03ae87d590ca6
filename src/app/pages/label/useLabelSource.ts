/**
 * What the print page prints: a label document read from a file the user opened (or handed
 * over by the editor's Print button), and its data — none, the label's own embedded
 * spreadsheet, or a spreadsheet file with a chosen sheet. Files are read here, in the browser (the spec: "spreadsheet data is ... decoded
 * locally"); nothing is uploaded. Errors are LabelError values shown in the user's language.
 */
import { messageLanguage } from '../../i18n/types';
import { useCallback, useMemo, useRef, useState } from 'react';
import { dataSourceFromRows, type DataSource } from '../../../label/binding/data';
import { pageCount as labelPageCount } from '../../../label/binding/paging';
import { formatLabelMessage, LabelError } from '../../../label/errors';
import type { LabelDocument } from '../../../label/label';
import { readSpreadsheetInBrowser } from '../../../label/browser/read-sheet';
import { labelDataSource, selectSheet, type Workbook } from '../../../label/spreadsheet';
import { readLabel } from '../../../label/wdfx';
import type { Language } from '../../i18n/types';
import { useEmbeddedWorkbook } from './useEmbeddedWorkbook';

export type DataChoice = 'none' | 'embedded' | 'file';

export interface LabelSourceState {
  fileName: string | null;
  doc: LabelDocument | null;
  /** Issues the reader recovered from (unknown elements, invalid values). */
  warnings: number;
  labelError: string | null;
  /** Whether the label carries its own spreadsheet. */
  hasEmbedded: boolean;
  dataChoice: DataChoice;
  dataFileName: string | null;
  workbook: Workbook | null;
  /** 0-based sheet of the chosen workbook. */
  sheetIndex: number;
  dataError: string | null;
  /** The chosen spreadsheet (the label's own or a file) is still being read: no rows yet, and
   * nothing may print (the rows of a file picked before must not stand in for it). */
  dataReading: boolean;
  /** The rows that drive the pages (null: one label without data). */
  data: DataSource | null;
  /** Label pages (data rows, at least 1). */
  pageCount: number;
}

/** The data of a label whose own spreadsheet is being read, or could not be. */
const NO_ROWS: DataSource = dataSourceFromRows([], []);

/** Largest label file opened, bytes (a label with embedded pictures and data is a few MB). */
const MAX_LABEL_BYTES = 64 * 1024 * 1024;

/** A label the page starts with instead of a file (the editor's Print button hands one over). */
export interface InitialLabel {
  doc: LabelDocument;
  fileName: string | null;
}

export function useLabelSource(language: Language, initial: InitialLabel | null = null) {
  const [fileName, setFileName] = useState<string | null>(initial?.fileName ?? null);
  const [doc, setDoc] = useState<LabelDocument | null>(initial?.doc ?? null);
  const [warnings, setWarnings] = useState(0);
  const [labelError, setLabelError] = useState<string | null>(null);
  // A label with its own data prints it (as for a file opened below).
  const [dataChoice, setDataChoice] = useState<DataChoice>(initial?.doc.dataFile ? 'embedded' : 'none');
  const [dataFileName, setDataFileName] = useState<string | null>(null);
  const [workbook, setWorkbook] = useState<Workbook | null>(null);
  const [sheetIndex, setSheetIndex] = useState(0);
  const [dataError, setDataError] = useState<string | null>(null);
  const [fileReading, setFileReading] = useState(false);
  const dataPicks = useRef(0);

  const message = useCallback((e: LabelError) => formatLabelMessage(e.code, e.params, messageLanguage(language)), [language]);

  // Read off the page first (useEmbeddedWorkbook): a label file may carry a spreadsheet that
  // never finishes reading. Until it is read the label has no data.
  const embeddedRead = useEmbeddedWorkbook(doc?.dataFile ?? '');
  const unread = embeddedRead.state === 'failed' ? embeddedRead.error : null;
  const reading = embeddedRead.state === 'reading';
  const embedded = useMemo(() => {
    if (!doc || !doc.dataFile) return { data: null, error: null as string | null };
    // No rows rather than null until it is read: null would make the print job read the
    // label's spreadsheet itself, on the page's thread.
    if (reading) return { data: NO_ROWS, error: null };
    if (unread) return { data: NO_ROWS, error: message(unread) };
    const read = labelDataSource(doc);
    return read.ok ? { data: read.value, error: null } : { data: null, error: message(read.error) };
  }, [doc, message, unread, reading]);

  const openLabel = useCallback(
    async (file: File) => {
      setFileName(file.name);
      if (file.size > MAX_LABEL_BYTES) {
        setDoc(null);
        setLabelError(message(new LabelError('file.tooLarge', { size: Math.ceil(file.size / 1048576), max: MAX_LABEL_BYTES / 1048576 })));
        return;
      }
      const read = readLabel(new Uint8Array(await file.arrayBuffer()));
      if (!read.ok) {
        setDoc(null);
        setLabelError(message(read.error));
        return;
      }
      setDoc(read.value);
      setWarnings(read.warnings.length);
      setLabelError(null);
      // A label with its own data prints it unless the user picked a file already.
      setDataChoice((choice) => (choice === 'file' ? 'file' : read.value.dataFile ? 'embedded' : 'none'));
    },
    [message],
  );

  const openData = useCallback(
    async (file: File) => {
      setDataFileName(file.name);
      setDataChoice('file');
      // In a Web Worker with a deadline: a file SheetJS never finishes is refused, not a frozen page.
      const picked = ++dataPicks.current;
      // The file picked before is gone at once: its rows must not print as this file's.
      setWorkbook(null);
      setDataError(null);
      setFileReading(true);
      const read = await readSpreadsheetInBrowser(new Uint8Array(await file.arrayBuffer()));
      if (picked !== dataPicks.current) return; // another file was picked meanwhile
      setFileReading(false);
      if (!read.ok) {
        setWorkbook(null);
        setDataError(message(read.error));
        return;
      }
      setWorkbook(read.value);
      setSheetIndex(0);
      setDataError(null);
    },
    [message],
  );

  const sheet = useMemo(() => {
    if (!workbook) return { data: null, error: null as string | null };
    const chosen = selectSheet(workbook, sheetIndex + 1);
    return chosen.ok ? { data: chosen.value as DataSource, error: null } : { data: null, error: message(chosen.error) };
  }, [workbook, sheetIndex, message]);

  const data = dataChoice === 'embedded' ? embedded.data : dataChoice === 'file' ? sheet.data : null;
  const pageCount = doc ? labelPageCount(doc, data) : 0;

  const state: LabelSourceState = {
    fileName,
    doc,
    warnings,
    labelError,
    hasEmbedded: !!doc?.dataFile,
    dataChoice,
    dataFileName,
    workbook,
    sheetIndex,
    dataError: dataChoice === 'embedded' ? embedded.error : dataChoice === 'file' ? (dataError ?? sheet.error) : null,
    dataReading: dataChoice === 'embedded' ? reading : dataChoice === 'file' && fileReading,
    data,
    pageCount,
  };
  return { state, openLabel, openData, setDataChoice, setSheetIndex };
}
