/**
 * The editor's data panel (issue 13 "Data"; label-editor.md sections 2-5): attach a
 * spreadsheet (.xlsx, .xls, .csv) to the label, embedded in it as dataFile with the chosen
 * sheet (dataSheet), so it is saved in the .wdfx; remove it; bind the selected text or
 * code to a data column (contentType 2) or make it a serial number (contentType 1), each one
 * undo step; and page through the rows (previous, next, go to a page within 1..count).
 * The canvas renders the shown page with the data (useEditorData gives it the sheet and the
 * page); the overlay tints bound content (dataOverlay.ts).
 */
import { messageLanguage } from '../../i18n/types';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Field, Input, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular, DeleteRegular, TableAddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { DataSource } from '../../../label/binding/data';
import { formatLabelMessage, LabelError } from '../../../label/errors';
import { kindDef } from '../../../label/elements/index';
import type { LabelDocument } from '../../../label/label';
import { readSpreadsheetInBrowser } from '../../../label/browser/read-sheet';
import { changeDataFile, changeDataSheet, dataFileFormat, MAX_SPREADSHEET_BYTES, rememberWorkbook, spreadsheetDataUrl } from '../../../label/spreadsheet';
import {
  attachSpreadsheet,
  boundColumnLabel,
  canBind,
  columnTitle,
  contentSourceOf,
  LabelDataReader,
  pageContent,
  pagingOf,
  parsePage,
  renderData,
  setContentSource,
  type ContentSource,
  type LabelData,
  type Paging,
} from '../../../editor/data';
import type { EditorModel } from '../../../editor/model';
import { useEmbeddedWorkbook } from './useEmbeddedWorkbook';
import { NumberField } from './EditorProperties';
import { EditorAssetSamples, EditorDataMode } from './EditorAssetFields';
import type { AssetFields } from './useAssetFields';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  pageInput: { width: '64px', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  value: { overflowWrap: 'anywhere' },
  hidden: { display: 'none' },
});

/** The label's data and the page the canvas shows. */
export interface EditorData {
  data: LabelData;
  /** What the canvas renders with (null: no data). */
  source: DataSource | null;
  paging: Paging;
  /** The shown page, 0-based, for the print job. */
  pageIndex: number;
  /** Shows page `page` (1-based), clamped to 1..count. */
  setPage(page: number): void;
}

/** The label's spreadsheet (read once per file) and the shown page: back to page 1 when
 * the data file or sheet changes (spec section 4). */
export function useEditorData(doc: LabelDocument): EditorData {
  const [reader] = useState(() => new LabelDataReader());
  const { dataFile, dataSheet } = doc;
  // The label's spreadsheet is read off the page first (a label file may carry one that never
  // finishes reading); meanwhile the label shows without data.
  const embedded = useEmbeddedWorkbook(dataFile);
  const unread = embedded.state === 'failed' ? embedded.error : null;
  const reading = embedded.state === 'reading';
  const data = useMemo<LabelData>(
    () => (unread || reading ? { workbook: null, sheet: null, error: unread } : reader.read({ dataFile, dataSheet })),
    [reader, dataFile, dataSheet, unread, reading],
  );
  const source = renderData(data, reading);
  const [requested, setRequested] = useState(1);
  const [shownFor, setShownFor] = useState({ dataFile, dataSheet });
  if (shownFor.dataFile !== dataFile || shownFor.dataSheet !== dataSheet) {
    setShownFor({ dataFile, dataSheet });
    setRequested(1);
  }
  const paging = pagingOf(doc, source, requested);
  return { data, source, paging, pageIndex: paging.page - 1, setPage: (page) => setRequested(pagingOf(doc, source, page).page) };
}

export function EditorDataPanel({ model, doc, editorData, assetFields }: { model: EditorModel; doc: LabelDocument; editorData: EditorData; assetFields?: AssetFields }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const language = messageLanguage(i18n.language);
  const message = (e: LabelError) => formatLabelMessage(e.code, e.params, language);
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** Files picked so far: a read that ends after a later pick is dropped. */
  const picks = useRef(0);
  /** A picked file is being read (the label keeps its spreadsheet until it is attached). */
  const [reading, setReading] = useState(false);
  const { data, source, paging } = editorData;
  const workbook = data.workbook;

  const attach = async (file: File) => {
    if (file.size > MAX_SPREADSHEET_BYTES) {
      setFileError(message(new LabelError('sheet.tooLarge', { size: file.size, max: MAX_SPREADSHEET_BYTES })));
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    // Read in a Web Worker with a deadline: a file SheetJS never finishes is refused
    // ("took too long to read") instead of freezing the page, and the label is unchanged.
    const picked = ++picks.current;
    setReading(true);
    const read = await readSpreadsheetInBrowser(bytes);
    if (picked !== picks.current) return; // another file was picked meanwhile
    setReading(false);
    if (!read.ok) {
      setFileError(message(read.error));
      return;
    }
    rememberWorkbook(spreadsheetDataUrl(bytes), read.value);
    const changed = attachSpreadsheet(model.doc, bytes);
    if (changed.error) {
      // Refused: the label keeps the spreadsheet it had.
      setFileError(message(changed.error));
      return;
    }
    setFileError(null);
    model.edit('data file', () => changed.doc);
  };

  const chooseSheet = (sheet: number) => model.edit('data sheet', (d) => changeDataSheet(d, sheet).doc);
  const remove = () => {
    setFileError(null);
    model.edit('remove data file', (d) => changeDataFile(d, null).doc);
  };

  return (
    <div className={styles.panel} data-testid="data-panel" data-rows={data.sheet ? data.sheet.rowCount : ''}>
      <Text weight="semibold">{t('labelEditor.data.title')}</Text>
      {assetFields && <EditorDataMode assetFields={assetFields} />}
      {assetFields?.active ? (
        <EditorAssetSamples assetFields={assetFields} />
      ) : (
        <>
          {doc.dataFile === '' ? (
            <Text size={200} className={styles.muted}>
              {t('labelEditor.data.none')}
            </Text>
          ) : (
            <>
              {data.sheet && (
                <Text size={200} data-testid="data-summary">
                  {t('labelEditor.data.summary', { count: data.sheet.rowCount, format: (dataFileFormat(doc) ?? '').toUpperCase() })}
                </Text>
              )}
              {workbook && (
                <Field label={t('labelEditor.data.sheet')}>
                  <Select value={String(doc.dataSheet)} data-testid="data-sheet" onChange={(_, d) => chooseSheet(Number(d.value))}>
                    {workbook.sheetNames.map((name, i) => (
                      <option key={i} value={i + 1}>
                        {name}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
            </>
          )}
          {data.error && (
            <Text size={200} className={styles.error} data-testid="data-error">
              {message(data.error)}
            </Text>
          )}
          <div className={styles.row}>
            <Button size="small" icon={<TableAddRegular />} onClick={() => fileInput.current?.click()} data-testid="data-attach">
              {doc.dataFile === '' ? t('labelEditor.data.attach') : t('labelEditor.data.replace')}
            </Button>
            {doc.dataFile !== '' && (
              <Button size="small" icon={<DeleteRegular />} onClick={remove} data-testid="data-remove">
                {t('labelEditor.data.remove')}
              </Button>
            )}
          </div>
          {reading && <Spinner size="extra-tiny" label={t('labelEditor.data.reading')} data-testid="data-reading" />}
          {fileError && (
            <Text size={200} className={styles.error} data-testid="data-file-error">
              {fileError}
            </Text>
          )}
          <input
            ref={fileInput}
            className={styles.hidden}
            type="file"
            accept=".xlsx,.xls,.csv"
            data-testid="data-file"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void attach(file);
            }}
          />
        </>
      )}
      <ContentSourceField model={model} doc={doc} source={source} pageIndex={editorData.pageIndex} titleOf={assetFields?.active ? (c) => assetFields.columnTitle(c, language === 'en' ? 'en' : 'zh') : undefined} />
      <PageNavigator paging={paging} setPage={editorData.setPage} message={message} />
    </div>
  );
}

function sourceValue(s: ContentSource): string {
  return s.type === 'column' ? `column:${s.column}` : s.type;
}

/** Where the selected text or code's content comes from: typed, serial number, a column. */
/** `titleOf`: a column's title (asset fields: the header and key), else its letters and header. */
function ContentSourceField({ model, doc, source, pageIndex, titleOf }: { model: EditorModel; doc: LabelDocument; source: DataSource | null; pageIndex: number; titleOf?: (column: number) => string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const index = model.selection.length === 1 ? model.selection[0]! : -1;
  const el = doc.children[index];
  if (!canBind(el)) {
    return (
      <Text size={200} className={styles.muted}>
        {t('labelEditor.data.selectControl')}
      </Text>
    );
  }
  const current = contentSourceOf(el, source);
  const apply = (value: string) => {
    const next: ContentSource = value === 'input' || value === 'serial' ? { type: value } : { type: 'column', column: Number(value.slice('column:'.length)) };
    model.updateControl(index, next.type === 'column' ? 'insert column' : 'content source', (c) => (canBind(c) ? (setContentSource(c, next, source) ?? c) : c));
  };
  const shown = pageContent(doc, source, pageIndex, el);
  const step = kindDef(el.kind)?.fields.degreeOffset;
  return (
    <>
      <Field label={t('labelEditor.data.source')}>
        <Select value={sourceValue(current)} data-testid="data-column" onChange={(_, d) => apply(d.value)}>
          <option value="input">{t('labelEditor.data.typed')}</option>
          <option value="serial">{t('labelEditor.data.serial')}</option>
          {current.type === 'column' && current.column < 0 && (
            <option value="column:-1" disabled>
              {t('labelEditor.data.missingColumn', { name: boundColumnLabel(el) })}
            </option>
          )}
          {source?.columnNames.map((_, c) => (
            <option key={c} value={`column:${c}`}>
              {t('labelEditor.data.column', { column: titleOf ? titleOf(c) : columnTitle(source, c) })}
            </option>
          ))}
        </Select>
      </Field>
      {current.type === 'serial' && step && (
        <NumberField label={t('labelEditor.data.step')} value={el.degreeOffset} min={step.min ?? -Infinity} max={step.max ?? Infinity} testId="data-serial-step" onCommit={(degreeOffset) => model.patchControl(index, { degreeOffset })} />
      )}
      <Text size={200} className={styles.value} data-testid="data-page-content" data-binding={shown.binding}>
        {t('labelEditor.data.onPage', { text: shown.text })}
      </Text>
    </>
  );
}

/** Previous, next, and a page typed in: refused outside 1..count with the spec's message. */
function PageNavigator({ paging, setPage, message }: { paging: Paging; setPage: (page: number) => void; message: (e: LabelError) => string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState(String(paging.page));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(String(paging.page));
    setError(null);
  }, [paging.page, paging.count]);
  const go = () => {
    const page = parsePage(text, paging.count);
    if (!page.ok) return setError(message(page.error));
    setError(null);
    setPage(page.value);
    setText(String(page.value));
  };
  return (
    <Field label={t('labelEditor.data.page')} validationState={error ? 'error' : 'none'} validationMessage={error ?? undefined}>
      <div className={styles.row} data-testid="data-paging" data-page={paging.page} data-count={paging.count}>
        <Button size="small" icon={<ArrowLeftRegular />} aria-label={t('labelEditor.data.previous')} disabled={paging.page <= 1} onClick={() => setPage(paging.page - 1)} data-testid="data-page-prev" />
        <Input
          className={styles.pageInput}
          size="small"
          value={text}
          inputMode="numeric"
          aria-label={t('labelEditor.data.goTo')}
          data-testid="data-page-input"
          onChange={(_, d) => setText(d.value)}
          onBlur={go}
          onKeyDown={(e) => {
            if (e.key === 'Enter') go();
          }}
        />
        <Text data-testid="data-page-count">{t('labelEditor.data.pageOf', { count: paging.count })}</Text>
        <Button size="small" icon={<ArrowRightRegular />} aria-label={t('labelEditor.data.next')} disabled={paging.page >= paging.count} onClick={() => setPage(paging.page + 1)} data-testid="data-page-next" />
      </div>
    </Field>
  );
}
