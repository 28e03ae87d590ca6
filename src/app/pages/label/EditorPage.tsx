/**
 * /label/editor (issue 13, first slice): design a label on the engine's own raster. A new
 * 40 x 30 mm label (also `?file=new`), or a .wdfx opened from disk; a toolbox inserting
 * text, Code 128, QR code, rectangle, line and date at the first free position; the canvas
 * (EditorCanvas) with selection, anchors, dragging and the keyboard; the property panel;
 * undo and redo; the file tools (EditorFileTools: open a .wdfx or .xml, save, save as XML).
 * Leaving with unsaved changes asks first (closing the tab and navigating inside the app).
 */
import { messageLanguage } from '../../i18n/types';
import { startTransition, useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { Button, Card, Divider, makeStyles, MessageBar, MessageBarBody, Text, Toolbar, ToolbarButton, ToolbarDivider, Tooltip, tokens } from '@fluentui/react-components';
import {
  ArrowRedoRegular,
  ArrowUndoRegular,
  BarcodeScannerRegular,
  CalendarLtrRegular,
  GridDotsRegular,
  LineHorizontal1Regular,
  QrCodeRegular,
  RectangleLandscapeRegular,
  ScaleFitRegular,
  TextTRegular,
  ZoomInRegular,
  ZoomOutRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { LabelDocument } from '../../../label/label';
import type { ElementKind } from '../../../label/elements/index';
import { MAX_ZOOM, MIN_ZOOM, shownZoom } from '../../../editor/geometry';
import { fitZoomWithTail } from '../../../editor/flag-tail';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import type { MessageKey } from '../../i18n/types';
import { EditorCanvas } from './EditorCanvas';
import { EditorDataPanel, useEditorData } from './EditorDataPanel';
import { ControlProperties } from './EditorProperties';
import { EditorExportPng } from './EditorExportPng';
import { EditorLabelSettings } from './EditorLabelSettings';
import { EditorMoreTools } from './EditorMoreTools';
import { EditorArrangeTools } from './EditorArrangeTools';
import { EditorFileTools } from './EditorFileTools';
import { EditorTableTools } from './EditorTableTools';
import { useEditorSession } from './usePrintHandover';
import { useEditorVersion } from './useEditorVersion';
import { useEditorTemplate } from './useEditorTemplate';
import { useAssetFields } from './useAssetFields';
import { markEditorStep } from '../../../editor/frame-mark';

const useStyles = makeStyles({
  /** The page fills the content area: the canvas's height comes from the window, not from
   * the side panels (which scroll inside their card), so the panels can appear after the
   * label's first frame without resizing and redrawing it. */
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: 0, height: '100%', '@media (max-width: 960px)': { height: 'auto' } },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  /** Toolbars wrap on a phone instead of running off the right edge. */
  toolbar: { flexWrap: 'wrap', minWidth: 0 },
  body: {
    display: 'grid',
    // The toolbox is as wide as its longest name in the user's language ("Grid Matrix").
    gridTemplateColumns: 'max-content minmax(0, 1fr) 280px',
    gridTemplateRows: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalM,
    alignItems: 'stretch',
    flexGrow: 1,
    minHeight: '480px',
    '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: 'none', flexGrow: 0 },
  },
  tools: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  /** Disables the controls of a protected label at once, drawing nothing itself. */
  fields: { display: 'contents', border: 'none', margin: 0, padding: 0, minWidth: 0 },
  tool: { justifyContent: 'flex-start', textAlign: 'start', whiteSpace: 'nowrap' },
  side: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalS, alignSelf: 'start', maxHeight: '100%', overflowY: 'auto', '@media (max-width: 960px)': { maxHeight: 'none' } },
  dirty: { color: tokens.colorPaletteDarkOrangeForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
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

type ZoomSetting = 'fit' | 'dots' | number;

/** The fitting zoom rounded down to a whole dpi, so the label (and a flag label's tail)
 * never outgrows the margin. */
function fitted(doc: LabelDocument, container: { width: number; height: number }): number {
  return Math.floor(fitZoomWithTail(doc, container.width, container.height) * 25.4) / 25.4;
}

export default function EditorPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const language = messageLanguage(i18n.language);
  // A new label, or the session handed to the print page when the user comes back from it.
  const { model, initialFileName, keepsChanges } = useEditorSession(language);
  // No dispose on unmount: under StrictMode the effect's cleanup runs once before the page
  // is really gone, and a disposed history would stop recording; the model goes with the page
  // (or waits in the print hand-over, src/editor/print-handover.ts).
  // During a drag the page follows after the canvas's frames (useEditorVersion.ts).
  useEditorVersion(model);
  const doc = model.doc;
  const dirty = model.isDirty;
  const sheetData = useEditorData(doc);

  const [fileName, setFileName] = useState<string | null>(initialFileName);
  const [message, setMessage] = useState<{ intent: 'error' | 'warning' | 'success'; text: string } | null>(null);
  // ?template=<id>: the label is a stored template; Save writes back to it (useEditorTemplate).
  const template = useEditorTemplate(model, setFileName, setMessage);
  // A template is an asset label: its data are sample assets, unless the user picks the sheet.
  const assetFields = useAssetFields(doc, template.current !== null);
  const editorData = assetFields.active ? assetFields.editorData : sheetData;
  const [zoomSetting, setZoomSetting] = useState<ZoomSetting>('fit');
  const [container, setContainer] = useState({ width: 600, height: 420 });
  const stage = useRef<HTMLDivElement>(null);
  const onContainerSize = useCallback((width: number, height: number) => setContainer((c) => (c.width === width && c.height === height ? c : { width, height })), []);

  const zoom = zoomSetting === 'dots' ? doc.sourceDpi / 25.4 : shownZoom(zoomSetting === 'fit' ? fitted(doc, container) : zoomSetting);
  const stepZoom = (factor: number) => setZoomSetting(shownZoom(zoom * factor));

  useEffect(() => markEditorStep('page'), []);
  // The side panels (settings, properties, data) render after the page's first paint, as a
  // transition: the canvas starts on the label without waiting for them.
  const [panels, setPanels] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setPanels(true)));
    return () => cancelAnimationFrame(frame);
  }, []);

  // Unsaved changes: the browser asks before the tab closes or reloads; the app asks
  // before it leaves this page.
  useUnsavedChanges(dirty, t('labelEditor.leaveConfirm'), keepsChanges);

  const insert = (kind: ElementKind) => {
    if (!model.insert(kind)) setMessage({ intent: 'warning', text: t('labelEditor.noRoom') });
    // The keyboard works on the canvas: the new control can be moved with the arrows at once.
    stage.current?.focus();
  };

  return (
    <div className={styles.page}>
      <div className={styles.bar}>
        <Toolbar className={styles.toolbar} aria-label={t('labelEditor.title')}>
          <EditorFileTools model={model} fileName={fileName} onFileName={setFileName} onNotice={setMessage} template={template} />
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
      </div>
      {template.bar}
      {!doc.editable && (
        <MessageBar intent="info" data-testid="label-protected-notice">
          <MessageBarBody>{t('labelEditor.protectedNotice')}</MessageBarBody>
        </MessageBar>
      )}
      {message && (
        <MessageBar intent={message.intent} data-testid="editor-message">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.body}>
        <div className={styles.tools} role="group" aria-label={t('labelEditor.toolbox')}>
          <Text weight="semibold">{t('labelEditor.toolbox')}</Text>
          <fieldset className={styles.fields} disabled={!doc.editable}>
            {TOOLS.map((tool) => (
              <Button key={tool.kind} className={styles.tool} appearance="subtle" icon={tool.icon} onClick={() => insert(tool.kind)} data-testid={`insert-${tool.kind}`}>
                {t(tool.key)}
              </Button>
            ))}
            <EditorMoreTools model={model} onNotice={setMessage} onInserted={() => stage.current?.focus()} />
          </fieldset>
        </div>
        <EditorCanvas stageRef={stage} model={model} doc={doc} mode={{ zoom, dots: zoomSetting === 'dots' }} onContainerSize={onContainerSize} data={editorData.source} pageIndex={editorData.pageIndex} />
        {panels && (
          <Card className={styles.side}>
            <Text weight="semibold">{t('labelEditor.labelSettings')}</Text>
            <EditorLabelSettings model={model} doc={doc} />
            <Divider />
            <Text weight="semibold">{t('labelEditor.properties')}</Text>
            <fieldset className={styles.fields} disabled={!doc.editable} data-testid="editor-control-fields">
              <ControlProperties model={model} doc={doc} />
              <EditorTableTools model={model} doc={doc} onDone={() => stage.current?.focus()} />
              <Divider />
              <EditorDataPanel model={model} doc={doc} editorData={editorData} assetFields={assetFields} />
            </fieldset>
          </Card>
        )}
      </div>
    </div>
  );
}
