/**
 * /label/print: open a label file (.wdfx), or take the editor's label (its Print button), and its data (none, the label's own spreadsheet,
 * or a spreadsheet file with a sheet), see every page as the printer will get it, choose
 * the printer and the print settings, and print through the local helper with progress,
 * pause, resume and cancel. Rendering runs in the Web Worker pool and streams to the
 * helper through the run controller's bounded queue (src/print/run.ts).
 */
import { messageLanguage } from '../../i18n/types';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Radio,
  RadioGroup,
  SpinButton,
  Spinner,
  Switch,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowUndoRegular, DocumentRegular, PrintRegular, TableRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import { useSnapshot } from 'valtio';
import { formatPrintError } from '../../../print/errors';
import { helperMessage } from '../../../print/helper';
import { planPrint, type PrintPlan } from '../../../print/plan';
import type { RunState } from '../../../print/run';
import { settings } from '../../state/settings';
import { PagePreview } from './PagePreview';
import { PrintProgress } from './PrintProgress';
import { DARKNESS_CHOICES, GAP_CHOICES, SPEED_CHOICES, checkSettings, settingsFromLabel, type PrintSettingsForm } from './printSettings';
import { createBrowserRun, ScanTally, type BrowserPrintRun } from './printRunner';
import { AssetLabelSummary } from './AssetLabelSummary';
import { rowsFailureMessage, useAssetLabelPrint, type AssetPrintRun } from './useAssetLabelPrint';
import { useLabelSource } from './useLabelSource';
import { usePrintHandover } from './usePrintHandover';
import { usePrintHelper } from './usePrintHelper';
import { usePreviewJob, useRenderPool } from './usePrintEngine';

const useStyles = makeStyles({
  page: { display: 'grid', gridTemplateColumns: 'minmax(320px, 420px) minmax(0, 1fr)', gap: tokens.spacingHorizontalL, alignItems: 'start', '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: tokens.spacingHorizontalM },
  /** Fluent's Dropdown keeps a 250 px minimum; in the settings grid a field is a column wide. */
  control: { minWidth: 0, width: '100%', boxSizing: 'border-box' },
  preview: { position: 'sticky', top: tokens.spacingVerticalL },
  hidden: { display: 'none' },
  fileName: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
});

const LABEL_ACCEPT = '.wdfx,.xml';
const DATA_ACCEPT = '.xlsx,.xls,.csv';

export default function PrintPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { language } = useSnapshot(settings);
  const locale = messageLanguage(language);
  const navigate = useNavigate();
  // A label from the editor's Print button (its history entry names it), else a file below.
  const handover = usePrintHandover();
  // Or the assets the asset list's "Print labels" chose, with their template's label.
  const assetPrint = useAssetLabelPrint();
  const source = useLabelSource(language, assetPrint ? { doc: assetPrint.print.doc, fileName: assetPrint.print.templateName } : handover);
  const helper = usePrintHelper();
  const { doc, data } = source.state;
  const labelInput = useRef<HTMLInputElement>(null);
  const dataInput = useRef<HTMLInputElement>(null);

  const [form, setForm] = useState<PrintSettingsForm>(() => settingsFromLabel(null));
  useEffect(() => setForm(settingsFromLabel(doc)), [doc]);
  const set = <K extends keyof PrintSettingsForm>(key: K, value: PrintSettingsForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  // Pages at the printer's resolution (203 until a printer says otherwise).
  const dpi = helper.dpi ?? 203;
  // An asset print previews its first assets; the run pulls every asset as it goes.
  const preview = usePreviewJob(doc, assetPrint ? assetPrint.previewData : data, dpi, locale);
  const [current, setCurrent] = useState(0);
  useEffect(() => setCurrent(0), [preview.job]);

  const pool = useRenderPool();
  const [run, setRun] = useState<{ run: BrowserPrintRun | AssetPrintRun; plan: PrintPlan; scan: ScanTally | null } | null>(null);
  const [runState, setRunState] = useState<Readonly<RunState<unknown, unknown>> | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  useEffect(() => (run ? run.run.subscribe(setRunState) : undefined), [run]);
  useEffect(() => () => run?.run.cancel(), [run]);

  const pageCount = assetPrint ? assetPrint.print.total : source.state.pageCount;
  const checked = checkSettings(form, pageCount);
  const bothSides = !!doc?.mirrorPrint;
  const plan = useMemo(() => {
    if (!doc || !checked.range) return null;
    const p = planPrint({ firstPage: checked.range.first, pageCount: checked.range.count, copies: form.copies, autoPaging: form.autoPaging, bothSides });
    return 'invalid' in p ? null : p;
  }, [doc, checked.range?.first, checked.range?.count, form.copies, form.autoPaging, bothSides]);

  const runActive = !!runState && runState.status !== 'done' && runState.status !== 'cancelled';
  const helperReady = helper.status.state === 'ready';
  // A chosen spreadsheet must be read first: no rows yet is not "one label without data".
  const dataReady = !source.state.dataReading && !(source.state.dataChoice === 'file' && !source.state.data);
  const canPrint = !!doc && !!plan && helperReady && !!helper.printerName && helper.dpi !== null && !runActive && !starting && !source.state.dataError && dataReady;

  const startPrint = async () => {
    if (!doc || !plan || helper.status.state !== 'ready' || !helper.printerName || helper.dpi === null) return;
    setStartError(null);
    setStarting(true);
    try {
      const client = helper.status.client;
      const printerName = helper.printerName;
      const params = await client.setParams(printerName, {
        gapType: form.gapType ?? undefined,
        darkness: form.darkness ?? undefined,
        speed: form.speed ?? undefined,
      });
      if (!params.ok) {
        setStartError(helperMessage(params.error, locale));
        return;
      }
      if (assetPrint) {
        const asset = assetPrint.createRun(plan, await pool.openPool(), client, { printerName, dpi: helper.dpi, threshold: form.threshold, scanCheck: form.scanCheck });
        setRunState(asset.run.snapshot);
        setRun({ run: asset.run, plan, scan: asset.scan });
        void asset.run.start();
        return;
      }
      const opened = await pool.openJob(doc, data, helper.dpi, { scanCheck: form.scanCheck });
      if (!opened.ok) {
        setStartError(formatPrintError(opened.error, locale));
        return;
      }
      const scan = opened.job.scanCheck ? new ScanTally(opened.job.pageCount) : null;
      const next = createBrowserRun(plan, opened.pool, opened.job, client, { printerName, dpi: helper.dpi, threshold: form.threshold }, scan ?? undefined);
      setRunState(next.snapshot);
      setRun({ run: next, plan, scan });
      void next.start();
    } catch (e) {
      setStartError(e instanceof Error ? e.message : String(e));
    } finally {
      setStarting(false);
    }
  };

  const failure = runState?.failure;
  const failureMessage = !failure
    ? null
    : failure.stage === 'send'
      ? helperMessage(failure.error as Parameters<typeof helperMessage>[0], locale)
      : (rowsFailureMessage(failure.error, t) ?? formatPrintError(failure.error as Parameters<typeof formatPrintError>[0], locale));

  const caption = (index: number) => {
    const labelPage = bothSides ? index >> 1 : index;
    const side = bothSides && index % 2 === 1 ? ` (${t('labelPrint.mirroredSide')})` : '';
    return `${t('labelPrint.pageOf', { page: labelPage + 1, count: pageCount })}${side}`;
  };

  const helperBar = (() => {
    const s = helper.status;
    if (s.state === 'searching') {
      return (
        <div className={styles.row}>
          <Spinner size="tiny" />
          <Text>{t('labelPrint.helperSearching')}</Text>
        </div>
      );
    }
    if (s.state === 'missing') {
      return (
        <MessageBar intent="warning" data-testid="helper-missing">
          <MessageBarBody>
            {helperMessage(s.error, locale)} {s.error.kind === 'notFound' ? t('labelPrint.helperInstall') : ''}
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => void helper.retry()}>
              {t('labelPrint.helperRetry')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      );
    }
    return (
      <Text size={200} className={styles.muted} data-testid="helper-found">
        {t('labelPrint.helperFound', { version: s.helper.version, port: s.helper.port })}
      </Text>
    );
  })();

  return (
    <div className={styles.page}>
      <div className={styles.column}>
        <Card className={styles.card}>
          <Title3 as="h2" className={styles.heading}>
            {t('labelPrint.title')}
          </Title3>
          <Text className={styles.muted}>{t('labelPrint.intro')}</Text>

          <Text weight="semibold">{t('labelPrint.labelStep')}</Text>
          {!assetPrint && (
            <div className={styles.row}>
              <Button icon={<DocumentRegular />} onClick={() => labelInput.current?.click()} disabled={runActive} data-testid="open-label">
                {t('labelPrint.openLabel')}
              </Button>
              <Text size={200} className={styles.muted}>
                {t('labelPrint.labelAccept')}
              </Text>
              <input
                ref={labelInput}
                className={styles.hidden}
                type="file"
                accept={LABEL_ACCEPT}
                data-testid="label-file"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  if (file) void source.openLabel(file);
                  e.currentTarget.value = '';
                }}
              />
            </div>
          )}
          {handover && doc === handover.doc && (
            <div className={styles.row} data-testid="label-from-editor">
              <Text className={styles.fileName}>{t('labelPrint.fromEditor', { name: handover.fileName ?? (handover.doc.labelName || t('labelPrint.newLabelName')) })}</Text>
              <Button
                icon={<ArrowUndoRegular />}
                disabled={runActive}
                // The editor's entry is the one before this page (the Print button pushed this
                // one); it opens with the session it handed over.
                onClick={() => void navigate(-1)}
                data-testid="back-to-editor"
              >
                {t('labelPrint.backToEditor')}
              </Button>
              {handover.model.isDirty && (
                <Text size={200} className={styles.muted}>
                  {t('labelPrint.fromEditorUnsaved')}
                </Text>
              )}
            </div>
          )}
          {source.state.fileName && doc !== handover?.doc && (
            <Text className={styles.fileName} data-testid="label-name">
              {source.state.fileName}
            </Text>
          )}
          {doc && (
            <Text size={200} data-testid="label-info">
              {t('labelPrint.labelInfo', {
                width: doc.labelWidth,
                height: doc.labelHeight,
                controls: t('labelPrint.controlCount', { count: doc.children.length }),
              })}
            </Text>
          )}
          {source.state.warnings > 0 && doc && (
            <MessageBar intent="info">
              <MessageBarBody>{t('labelPrint.labelWarnings', { count: source.state.warnings })}</MessageBarBody>
            </MessageBar>
          )}
          {source.state.labelError && (
            <MessageBar intent="error" data-testid="label-error">
              <MessageBarBody>{source.state.labelError}</MessageBarBody>
            </MessageBar>
          )}

          {assetPrint ? (
            <AssetLabelSummary printing={assetPrint} />
          ) : (
            <>
              <Text weight="semibold">{t('labelPrint.dataStep')}</Text>
              <RadioGroup
                value={source.state.dataChoice}
                onChange={(_, d) => source.setDataChoice(d.value as 'none' | 'embedded' | 'file')}
                disabled={runActive}
              >
                <Radio value="none" label={t('labelPrint.dataNone')} />
                {source.state.hasEmbedded && <Radio value="embedded" label={t('labelPrint.dataEmbedded')} />}
                <Radio value="file" label={t('labelPrint.dataFile')} />
              </RadioGroup>
              {source.state.dataChoice === 'file' && (
                <>
                  <div className={styles.row}>
                    <Button icon={<TableRegular />} onClick={() => dataInput.current?.click()} disabled={runActive} data-testid="open-data">
                      {t('labelPrint.openData')}
                    </Button>
                    <Text size={200} className={styles.muted} data-testid="data-file-name">
                      {source.state.dataFileName ?? t('labelPrint.dataAccept')}
                    </Text>
                    <input
                      ref={dataInput}
                      className={styles.hidden}
                      type="file"
                      accept={DATA_ACCEPT}
                      data-testid="data-file"
                      onChange={(e) => {
                        const file = e.currentTarget.files?.[0];
                        if (file) void source.openData(file);
                        e.currentTarget.value = '';
                      }}
                    />
                  </div>
                  {source.state.workbook && source.state.workbook.sheetNames.length > 1 && (
                    <Field label={t('labelPrint.sheet')}>
                      <Dropdown
                        value={source.state.workbook.sheetNames[source.state.sheetIndex] ?? ''}
                        selectedOptions={[String(source.state.sheetIndex)]}
                        onOptionSelect={(_, d) => source.setSheetIndex(Number(d.optionValue))}
                        disabled={runActive}
                        data-testid="data-sheet"
                      >
                        {source.state.workbook.sheetNames.map((name, i) => (
                          <Option key={`${i}`} value={String(i)} text={name}>
                            {name}
                          </Option>
                        ))}
                      </Dropdown>
                    </Field>
                  )}
                </>
              )}
              {source.state.dataReading && <Spinner size="extra-tiny" label={t('labelPrint.dataReading')} data-testid="data-reading" />}
              {source.state.data && !source.state.dataReading && (
                <Text size={200} data-testid="data-rows">
                  {t('labelPrint.rows', { count: source.state.data.rowCount })}
                </Text>
              )}
              {source.state.dataError && (
                <MessageBar intent="error" data-testid="data-error">
                  <MessageBarBody>{source.state.dataError}</MessageBarBody>
                </MessageBar>
              )}
            </>
          )}
        </Card>

        <Card className={styles.card}>
          <Text weight="semibold">{t('labelPrint.printerStep')}</Text>
          {helperBar}
          {helperReady && (
            <Field label={t('labelPrint.printer')} validationMessage={helper.printers.length === 0 ? (helper.printersError ? helperMessage(helper.printersError, locale) : t('labelPrint.noPrinters')) : undefined}>
              <Dropdown
                value={helper.printerName ?? ''}
                selectedOptions={helper.printerName ? [helper.printerName] : []}
                onOptionSelect={(_, d) => d.optionValue && helper.setPrinterName(d.optionValue)}
                disabled={runActive}
                data-testid="printer"
              >
                {helper.printers.map((p) => (
                  <Option key={p.name} value={p.name} text={p.name}>
                    {p.name}
                    {p.deviceDpi ? ` · ${t('labelPrint.printerDpi', { dpi: p.deviceDpi })}` : ''}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          )}
          <div className={styles.grid}>
            <Field label={t('labelPrint.copies')} validationMessage={checked.problem === 'copies' ? '1 - 9999' : undefined}>
              <SpinButton
                className={styles.control}
                value={form.copies}
                min={1}
                max={9999}
                onChange={(_, d) => {
                  const v = d.value ?? Number(d.displayValue);
                  if (Number.isFinite(v)) set('copies', Math.trunc(v as number));
                }}
                disabled={runActive}
                data-testid="copies"
              />
            </Field>
            <Field
              label={t('labelPrint.pageRange')}
              hint={checked.problem === 'pageRange' ? undefined : t('labelPrint.pageRangeHint', { count: pageCount })}
              validationMessage={checked.problem === 'pageRange' ? t('labelPrint.pageRangeInvalid', { count: pageCount }) : undefined}
            >
              <Input className={styles.control} value={form.pageRange} onChange={(_, d) => set('pageRange', d.value)} disabled={runActive} data-testid="page-range" />
            </Field>
            <Field label={t('labelPrint.darkness')}>
              <Dropdown
                className={styles.control}
                value={form.darkness === null ? t('labelPrint.printerDefault') : String(form.darkness)}
                selectedOptions={[form.darkness === null ? '' : String(form.darkness)]}
                onOptionSelect={(_, d) => set('darkness', d.optionValue ? Number(d.optionValue) : null)}
                disabled={runActive}
              >
                <Option value="">{t('labelPrint.printerDefault')}</Option>
                {DARKNESS_CHOICES.map((v) => (
                  <Option key={v} value={String(v)}>
                    {String(v)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('labelPrint.speed')}>
              <Dropdown
                className={styles.control}
                value={form.speed === null ? t('labelPrint.printerDefault') : t('labelPrint.speedValue', { value: form.speed })}
                selectedOptions={[form.speed === null ? '' : String(form.speed)]}
                onOptionSelect={(_, d) => set('speed', d.optionValue ? Number(d.optionValue) : null)}
                disabled={runActive}
              >
                <Option value="">{t('labelPrint.printerDefault')}</Option>
                {SPEED_CHOICES.map((v) => (
                  <Option key={v} value={String(v)} text={t('labelPrint.speedValue', { value: v })}>
                    {t('labelPrint.speedValue', { value: v })}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('labelPrint.gapType')}>
              <Dropdown
                className={styles.control}
                value={form.gapType === null ? t('labelPrint.printerDefault') : gapName(form.gapType, t)}
                selectedOptions={[form.gapType === null ? '' : String(form.gapType)]}
                onOptionSelect={(_, d) => set('gapType', d.optionValue ? (Number(d.optionValue) as 0 | 1 | 2 | 3) : null)}
                disabled={runActive}
              >
                <Option value="">{t('labelPrint.printerDefault')}</Option>
                {GAP_CHOICES.map((v) => (
                  <Option key={v} value={String(v)} text={gapName(v, t)}>
                    {gapName(v, t)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('labelPrint.threshold')} hint={t('labelPrint.thresholdHint')}>
              <SpinButton
                className={styles.control}
                value={form.threshold}
                min={1}
                max={255}
                onChange={(_, d) => {
                  const v = d.value ?? Number(d.displayValue);
                  if (Number.isFinite(v)) set('threshold', Math.trunc(v as number));
                }}
                disabled={runActive}
              />
            </Field>
          </div>
          <Switch checked={form.autoPaging} onChange={(_, d) => set('autoPaging', d.checked)} label={t('labelPrint.autoPaging')} disabled={runActive} />
          <Checkbox checked={form.scanCheck} onChange={(_, d) => set('scanCheck', !!d.checked)} label={t('labelPrint.scanCheck')} disabled={runActive} data-testid="scan-check" />
          {startError && (
            <MessageBar intent="error" data-testid="print-start-error">
              <MessageBarBody>{startError}</MessageBarBody>
            </MessageBar>
          )}
          <Button
            appearance="primary"
            icon={starting ? <Spinner size="tiny" /> : <PrintRegular />}
            disabled={!canPrint}
            onClick={() => void startPrint()}
            data-testid="print"
          >
            {t('labelPrint.print', { count: plan?.labels ?? 0 })}
          </Button>
          {run && runState && (
            <PrintProgress
              plan={run.plan}
              state={runState}
              failureMessage={failureMessage}
              onPause={() => run.run.pause()}
              onResume={() => void run.run.resume()}
              onCancel={() => run.run.cancel()}
              onSkip={() => void run.run.skip()}
              onClose={() => {
                setRun(null);
                setRunState(null);
              }}
            />
          )}
          {run?.scan && runState && <ScanCheckSummary tally={run.scan} total={run.plan.sendsPerPass} />}
        </Card>
      </div>

      <Card className={mergeClasses(styles.card, styles.preview)}>
        <Text weight="semibold">{t('labelPrint.preview')}</Text>
        {!doc ? (
          <Text className={styles.muted}>{t('labelPrint.nothingToPrint')}</Text>
        ) : preview.error ? (
          <MessageBar intent="error" data-testid="preview-job-error">
            <MessageBarBody>{preview.error}</MessageBarBody>
          </MessageBar>
        ) : !preview.job ? (
          <div className={styles.row}>
            <Spinner size="tiny" />
            <Text>{t('labelPrint.rendering')}</Text>
          </div>
        ) : (
          <>
            <PagePreview pageCount={preview.job.pageCount} current={current} onCurrent={setCurrent} render={preview.render} caption={caption} version={preview.job} />
            {assetPrint && preview.job.labelPages < pageCount && (
              <Text size={200} className={styles.muted} data-testid="asset-preview-note">
                {t('assetLabel.previewFirst', { shown: preview.job.labelPages, count: pageCount })}
              </Text>
            )}
          </>
        )}
      </Card>
    </div>
  );
}

/** What the scan check has read back so far (re-rendered with the run's state). */
function ScanCheckSummary({ tally, total }: { tally: ScanTally; total: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const skipped = [...tally.skipped].map(([name, n]) => `${name} × ${n}`).join(', ');
  const ms = tally.pages === 0 ? 0 : Math.round((tally.ms / tally.pages) * 10) / 10;
  return (
    <Text size={200} className={styles.muted} data-testid="scan-summary" data-pages={tally.pages} data-codes={tally.codes} data-skipped={skipped}>
      {t('labelPrint.scanSummary', { pages: tally.pages, total, codes: tally.codes, ms, count: tally.codes })}
      {skipped && ` ${t('labelPrint.scanSkipped', { names: skipped })}`}
    </Text>
  );
}

// TFunction, not ReturnType<typeof useTranslation>['t']: with the app's number of texts the
// latter is too deep for the type checker (TS2589).
function gapName(gap: 0 | 1 | 2 | 3, t: TFunction): string {
  return [t('labelPrint.gapNone'), t('labelPrint.gapHole'), t('labelPrint.gapGap'), t('labelPrint.gapBlack')][gap]!;
}
