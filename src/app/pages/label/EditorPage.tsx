/**
 * /label/editor (issue 13, first slice): design a label on the engine's own raster. A new
 * 40 x 30 mm label (also `?file=new`), or a .wdfx opened from disk; a toolbox inserting
 * text, Code 128, QR code, rectangle, line and date at the first free position; the canvas
 * (EditorCanvas) with selection, anchors, dragging and the keyboard; the property panel;
 * undo and redo; save as a .wdfx (version 1.3) download. Leaving with unsaved changes asks
 * first (closing the tab and navigating inside the app).
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { Button, Card, Divider, makeStyles, MessageBar, MessageBarBody, Text, Toolbar, ToolbarButton, ToolbarDivider, Tooltip, tokens } from '@fluentui/react-components';
import {
  ArrowRedoRegular,
  ArrowUndoRegular,
  BarcodeScannerRegular,
  CalendarLtrRegular,
  DocumentAddRegular,
  FolderOpenRegular,
  GridDotsRegular,
  LineHorizontal1Regular,
  QrCodeRegular,
  RectangleLandscapeRegular,
  SaveRegular,
  ScaleFitRegular,
  TextTRegular,
  ZoomInRegular,
  ZoomOutRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { formatLabelMessage, LabelError } from '../../../label/errors';
import { createLabel, LABEL_VERSION, type LabelDocument } from '../../../label/label';
import type { ElementKind } from '../../../label/elements/index';
import { readLabel, writeLabel } from '../../../label/wdfx';
import { MAX_ZOOM, MIN_ZOOM, shownZoom } from '../../../editor/geometry';
import { fitZoomWithTail } from '../../../editor/flag-tail';
import { EditorModel } from '../../../editor/model';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import type { MessageKey } from '../../i18n/types';
import { EditorCanvas } from './EditorCanvas';
import { EditorDataPanel, useEditorData } from './EditorDataPanel';
import { ControlProperties } from './EditorProperties';
import { EditorExportPng } from './EditorExportPng';
import { EditorLabelSettings } from './EditorLabelSettings';
import { EditorMoreTools } from './EditorMoreTools';
import { EditorArrangeTools } from './EditorArrangeTools';
import { EditorTableTools } from './EditorTableTools';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  /** Toolbars wrap on a phone instead of running off the right edge. */
  toolbar: { flexWrap: 'wrap', minWidth: 0 },
  body: { display: 'grid', gridTemplateColumns: '120px minmax(0, 1fr) 280px', gap: tokens.spacingHorizontalM, alignItems: 'stretch', minHeight: '480px', '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  tools: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  tool: { justifyContent: 'flex-start' },
  side: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalS, alignSelf: 'start' },
  dirty: { color: tokens.colorPaletteDarkOrangeForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
  zoom: { minWidth: '96px', textAlign: 'center' },
});

const TOOLS: { kind: ElementKind; key: MessageKey; icon: ReactElement }[] = [
  { kind: 'text', key: 'labelEditor.insertText', icon: <TextTRegular /> },
  { kind: 'barcode', key: 'labelEditor.insertBarcode', icon: <BarcodeScannerRegular /> },
  { kind: 'qrcode', key: 'labelEditor.insertQrcode', icon: <QrCodeRegular /> },
  { kind: 'rectangle', key: 'labelEditor.insertRectangle', icon: <RectangleLandscapeRegular /> },
  { kind: 'line', key: 'labelEditor.insertLine', icon: <LineHorizontal1Regular /> },
  { kind: 'date', key: 'labelEditor.insertDate', icon: <CalendarLtrRegular /> },
];

/** Zoom buttons step by this factor, within 1..40 px per mm. */
const ZOOM_STEP = 1.25;
/** Largest label file opened, bytes (as the print page). */
const MAX_LABEL_BYTES = 64 * 1024 * 1024;

type ZoomSetting = 'fit' | 'dots' | number;

/** The fitting zoom rounded down to a whole dpi, so the label (and a flag label's tail)
 * never outgrows the margin. */
function fitted(doc: LabelDocument, container: { width: number; height: number }): number {
  return Math.floor(fitZoomWithTail(doc, container.width, container.height) * 25.4) / 25.4;
}

export default function EditorPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const [model] = useState(() => new EditorModel(createLabel({}, { locale: language }), language));
  // No dispose on unmount: under StrictMode the effect's cleanup runs once before the page
  // is really gone, and a disposed history would stop recording; the model goes with the page.
  useSyncExternalStore(model.subscribe, model.getVersion);
  const doc = model.doc;
  const dirty = model.isDirty;
  const editorData = useEditorData(doc);

  const [fileName, setFileName] = useState<string | null>(null);
  const [message, setMessage] = useState<{ intent: 'error' | 'warning' | 'success'; text: string } | null>(null);
  const [zoomSetting, setZoomSetting] = useState<ZoomSetting>('fit');
  const [container, setContainer] = useState({ width: 600, height: 420 });
  const fileInput = useRef<HTMLInputElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const onContainerSize = useCallback((width: number, height: number) => setContainer((c) => (c.width === width && c.height === height ? c : { width, height })), []);

  const zoom = zoomSetting === 'dots' ? doc.sourceDpi / 25.4 : shownZoom(zoomSetting === 'fit' ? fitted(doc, container) : zoomSetting);
  const stepZoom = (factor: number) => setZoomSetting(shownZoom(zoom * factor));

  // Unsaved changes: the browser asks before the tab closes or reloads; the app asks
  // before it leaves this page.
  useUnsavedChanges(dirty, t('labelEditor.leaveConfirm'));

  const discardOk = () => !model.isDirty || window.confirm(t('labelEditor.openConfirm'));

  const newLabel = () => {
    if (!discardOk()) return;
    model.load(createLabel({}, { locale: language }));
    setFileName(null);
    setMessage(null);
  };

  const open = async (file: File) => {
    if (!discardOk()) return;
    const labelMessage = (e: LabelError) => formatLabelMessage(e.code, e.params, language);
    if (file.size > MAX_LABEL_BYTES) {
      setMessage({ intent: 'error', text: labelMessage(new LabelError('file.tooLarge', { size: Math.ceil(file.size / 1048576), max: MAX_LABEL_BYTES / 1048576 })) });
      return;
    }
    const read = readLabel(new Uint8Array(await file.arrayBuffer()), { locale: language });
    if (!read.ok) {
      setMessage({ intent: 'error', text: labelMessage(read.error) });
      return;
    }
    model.load(read.value);
    setFileName(file.name);
    setMessage(read.warnings.length ? { intent: 'warning', text: t('labelEditor.openWarnings', { count: read.warnings.length }) } : null);
  };

  const save = () => {
    const name = fileName ?? `${model.doc.labelName.trim() || 'label'}.wdfx`;
    // Our writer gives the 1.3 layout whatever version a file was opened with, so the file
    // says 1.3 (spec section 3: version, default 1.3).
    const url = URL.createObjectURL(new Blob([writeLabel({ ...model.doc, version: LABEL_VERSION })], { type: 'application/xml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    model.markSaved();
    setFileName(name);
    setMessage({ intent: 'success', text: t('labelEditor.savedAs', { name }) });
  };

  const insert = (kind: ElementKind) => {
    if (!model.insert(kind)) setMessage({ intent: 'warning', text: t('labelEditor.noRoom') });
    // The keyboard works on the canvas: the new control can be moved with the arrows at once.
    stage.current?.focus();
  };

  return (
    <div className={styles.page}>
      <div className={styles.bar}>
        <Toolbar className={styles.toolbar} aria-label={t('labelEditor.title')}>
          <ToolbarButton icon={<DocumentAddRegular />} onClick={newLabel} data-testid="editor-new">
            {t('labelEditor.newLabel')}
          </ToolbarButton>
          <ToolbarButton icon={<FolderOpenRegular />} onClick={() => fileInput.current?.click()} data-testid="editor-open">
            {t('labelEditor.open')}
          </ToolbarButton>
          <ToolbarButton icon={<SaveRegular />} onClick={save} data-testid="editor-save">
            {t('labelEditor.save')}
          </ToolbarButton>
          <EditorExportPng doc={doc} data={editorData.source} pageIndex={editorData.pageIndex} fileName={fileName} onNotice={setMessage} />
          <ToolbarDivider />
          <Tooltip content={t('labelEditor.undo')} relationship="label">
            <ToolbarButton icon={<ArrowUndoRegular />} disabled={!model.history.canUndo} onClick={() => model.undo()} data-testid="editor-undo" />
          </Tooltip>
          <Tooltip content={t('labelEditor.redo')} relationship="label">
            <ToolbarButton icon={<ArrowRedoRegular />} disabled={!model.history.canRedo} onClick={() => model.redo()} data-testid="editor-redo" />
          </Tooltip>
          <ToolbarDivider />
          <Tooltip content={t('labelEditor.zoomOut')} relationship="label">
            <ToolbarButton icon={<ZoomOutRegular />} disabled={shownZoom(zoom / ZOOM_STEP) >= zoom || zoom <= MIN_ZOOM} onClick={() => stepZoom(1 / ZOOM_STEP)} data-testid="zoom-out" />
          </Tooltip>
          <Text className={styles.zoom} data-testid="zoom-value">
            {t('labelEditor.zoomValue', { zoom: zoom.toFixed(1) })}
          </Text>
          <Tooltip content={t('labelEditor.zoomIn')} relationship="label">
            <ToolbarButton icon={<ZoomInRegular />} disabled={shownZoom(zoom * ZOOM_STEP) <= zoom || zoom >= MAX_ZOOM} onClick={() => stepZoom(ZOOM_STEP)} data-testid="zoom-in" />
          </Tooltip>
          <ToolbarButton icon={<ScaleFitRegular />} aria-pressed={zoomSetting === 'fit'} onClick={() => setZoomSetting('fit')} data-testid="zoom-fit">
            {t('labelEditor.zoomFit')}
          </ToolbarButton>
          <Tooltip content={t('labelEditor.zoomDotsHint', { dpi: doc.sourceDpi })} relationship="description">
            <ToolbarButton icon={<GridDotsRegular />} aria-pressed={zoomSetting === 'dots'} onClick={() => setZoomSetting('dots')} data-testid="zoom-dots">
              {t('labelEditor.zoomDots')}
            </ToolbarButton>
          </Tooltip>
        </Toolbar>
        <EditorArrangeTools model={model} doc={doc} onDone={() => stage.current?.focus()} />
        <Text className={styles.muted} data-testid="editor-file-name">
          {fileName ?? ''}
        </Text>
        {dirty && (
          <Text className={styles.dirty} data-testid="editor-dirty">
            {t('labelEditor.unsaved')}
          </Text>
        )}
        <input
          ref={fileInput}
          className={styles.hidden}
          type="file"
          accept=".wdfx,.xml"
          data-testid="editor-file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void open(file);
          }}
        />
      </div>
      {message && (
        <MessageBar intent={message.intent} data-testid="editor-message">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.body}>
        <div className={styles.tools} role="group" aria-label={t('labelEditor.toolbox')}>
          <Text weight="semibold">{t('labelEditor.toolbox')}</Text>
          {TOOLS.map((tool) => (
            <Button key={tool.kind} className={styles.tool} appearance="subtle" icon={tool.icon} onClick={() => insert(tool.kind)} data-testid={`insert-${tool.kind}`}>
              {t(tool.key)}
            </Button>
          ))}
          <EditorMoreTools model={model} onNotice={setMessage} onInserted={() => stage.current?.focus()} />
        </div>
        <EditorCanvas stageRef={stage} model={model} doc={doc} mode={{ zoom, dots: zoomSetting === 'dots' }} onContainerSize={onContainerSize} data={editorData.source} pageIndex={editorData.pageIndex} />
        <Card className={styles.side}>
          <Text weight="semibold">{t('labelEditor.labelSettings')}</Text>
          <EditorLabelSettings model={model} doc={doc} />
          <Divider />
          <Text weight="semibold">{t('labelEditor.properties')}</Text>
          <ControlProperties model={model} doc={doc} />
          <EditorTableTools model={model} doc={doc} onDone={() => stage.current?.focus()} />
          <Divider />
          <EditorDataPanel model={model} doc={doc} editorData={editorData} />
        </Card>
      </div>
    </div>
  );
}
