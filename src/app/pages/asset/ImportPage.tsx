import { useRef, useState, type DragEvent } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Divider,
  Dropdown,
  Field,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Option,
  Spinner,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, DismissRegular, DocumentTableRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ApiFailure } from '../../../api/client';
import { excelApi } from '../../api';
import type { MessageKey } from '../../i18n/types';
import { notify } from '../../notify';
import { assetState } from '../../state/assets';
import { settings } from '../../state/settings';
import { useImportClassifies } from './importClassifies';
import { checkImportFiles, IMPORT_ACCEPT, saveExcelFile, type ImportFileProblem } from './importFile';
import { useImportJob } from './importJob';
import { ImportOutcome, ImportStateBadge } from './ImportOutcome';
import { importRefusal, importView, isImportRunning } from './importView';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalL },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heading: { margin: 0, flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  classify: { minWidth: '240px', flexGrow: 1 },
  drop: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXL,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
  },
  dropActive: { border: `2px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  dropIcon: { fontSize: '36px', color: tokens.colorBrandForeground1 },
  chosen: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, maxWidth: '100%' },
  chosenName: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  hiddenInput: { display: 'none' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

const FILE_PROBLEM_KEYS: Record<ImportFileProblem, MessageKey> = {
  none: 'assetImport.fileRequired',
  tooMany: 'assetImport.fileTooMany',
  type: 'assetImport.fileType',
  tooLarge: 'assetImport.fileTooLarge',
  empty: 'assetImport.fileEmpty',
};

/**
 * /asset/import (admin or 101): choose the classification (its template), download the
 * template, pick one .xlsx/.xls/.csv file of at most 3 MB, optionally all-or-nothing, start;
 * then the job's progress and outcome (counts and the bad rows with their row numbers).
 * The company's latest job is shown on arrival, so a reload during an import follows it.
 */
export default function ImportPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { language } = useSnapshot(settings);
  const { classifies } = useSnapshot(assetState);
  const classifyLoad = useImportClassifies();
  const job = useImportJob();
  const inputRef = useRef<HTMLInputElement>(null);
  const [classifyId, setClassifyId] = useState<number | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<ImportFileProblem | null>(null);
  const [dragging, setDragging] = useState(false);
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [refusal, setRefusal] = useState<ApiFailure | null>(null);

  const view = importView(job.status);
  const running = isImportRunning(job.status);
  const classifyName = classifies?.find((k) => k.id === classifyId)?.classifyName;
  const sizeText = (bytes: number) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: bytes >= 1024 * 1024 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
      bytes >= 1024 * 1024 ? bytes / (1024 * 1024) : Math.max(0.1, bytes / 1024),
    );

  const choose = (files: FileList | null) => {
    const list = files ? Array.from(files) : [];
    const problem = checkImportFiles(list);
    setRefusal(null);
    setFileProblem(problem === 'none' ? null : problem);
    setFile(problem === null ? list[0] : null);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!running) choose(event.dataTransfer.files);
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    const result = await excelApi.template(classifyId ?? undefined);
    setDownloading(false);
    if (!result.ok) {
      notify('error', result.message);
      return;
    }
    saveExcelFile(result.data);
    if (refusal && importRefusal(refusal.code) === 'stale') setRefusal(null);
  };

  const startImport = async () => {
    const problem = checkImportFiles(file ? [file] : []);
    if (problem !== null || !file) {
      setFileProblem(problem);
      return;
    }
    setRefusal(null);
    setStarting(true);
    let failure: ApiFailure | null;
    try {
      failure = await job.start({ file, classifyId: classifyId ?? undefined, allOrNothing });
    } catch {
      // The browser could not read the file (moved, deleted or locked since it was chosen).
      failure = { ok: false, kind: 'badParameter', code: null, message: t('assetImport.fileUnreadable') };
    } finally {
      setStarting(false);
    }
    if (failure) setRefusal(failure);
    else {
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const refusalKind = refusal ? importRefusal(refusal.code) : null;

  return (
    <Card className={styles.card}>
      <div className={styles.header}>
        <Title3 as="h2" className={styles.heading}>
          {t('assetImport.title')}
        </Title3>
        <ImportStateBadge state={view.badge} />
      </div>
      <Text className={styles.muted}>{t('assetImport.intro')}</Text>

      <div className={styles.form}>
        <div className={styles.column}>
          <Text weight="semibold">{t('assetImport.stepTemplate')}</Text>
          <div className={styles.row}>
            <Field className={styles.classify} label={t('assetImport.classify')} hint={t('assetImport.classifyHint')} validationMessage={classifyLoad.error ?? undefined}>
              <Dropdown
                value={classifyName ?? t('assetImport.noClassify')}
                selectedOptions={[classifyId === null ? '' : String(classifyId)]}
                onOptionSelect={(_, d) => setClassifyId(d.optionValue ? Number(d.optionValue) : null)}
                disabled={running}
                data-testid="import-classify"
              >
                <Option value="">{t('assetImport.noClassify')}</Option>
                {(classifies ?? []).map((k) => (
                  <Option key={k.id} value={String(k.id)} text={k.classifyName}>
                    {k.classifyName}
                    {k.attributes.length > 0 ? ` (${t('assetImport.attributeCount', { count: k.attributes.length })})` : ''}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Button icon={downloading ? <Spinner size="tiny" /> : <ArrowDownloadRegular />} disabled={downloading} onClick={() => void downloadTemplate()} data-testid="import-template">
              {t('assetImport.downloadTemplate')}
            </Button>
          </div>
          <Text size={200} className={styles.muted}>
            {t('assetImport.templateHint')}
          </Text>
        </div>

        <div className={styles.column}>
          <Text weight="semibold">{t('assetImport.stepFile')}</Text>
          <Field validationMessage={fileProblem ? t(FILE_PROBLEM_KEYS[fileProblem]) : undefined} validationState={fileProblem ? 'error' : 'none'}>
            <div
              className={mergeClasses(styles.drop, dragging && styles.dropActive)}
              onDragOver={(e) => {
                e.preventDefault();
                if (!running) setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="import-drop"
            >
              <DocumentTableRegular className={styles.dropIcon} />
              {file ? (
                <div className={styles.chosen}>
                  <Text className={styles.chosenName} data-testid="import-file-name">
                    {file.name}
                  </Text>
                  <Text className={styles.muted}>{sizeText(file.size)}</Text>
                  <Button
                    appearance="subtle"
                    size="small"
                    icon={<DismissRegular />}
                    aria-label={t('common.remove')}
                    onClick={() => {
                      setFile(null);
                      if (inputRef.current) inputRef.current.value = '';
                    }}
                  />
                </div>
              ) : (
                <Text>{t('assetImport.dropHint')}</Text>
              )}
              <Button size="small" disabled={running} onClick={() => inputRef.current?.click()}>
                {t('assetImport.chooseFile')}
              </Button>
              <Text size={200} className={styles.muted}>
                {t('assetImport.fileRules')}
              </Text>
              <input
                ref={inputRef}
                className={styles.hiddenInput}
                type="file"
                accept={IMPORT_ACCEPT}
                onChange={(e) => choose(e.target.files)}
                data-testid="import-file"
              />
            </div>
          </Field>
          <Checkbox
            checked={allOrNothing}
            onChange={(_, d) => setAllOrNothing(d.checked === true)}
            disabled={running}
            label={t('assetImport.allOrNothing')}
            data-testid="import-all-or-nothing"
          />
          <div className={styles.actions}>
            <Button
              appearance="primary"
              icon={starting ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
              disabled={!file || starting || running}
              onClick={() => void startImport()}
              data-testid="import-start"
            >
              {running ? t('assetImport.stateImporting') : t('assetImport.start')}
            </Button>
          </div>
        </div>
      </div>

      {refusal && (
        <MessageBar intent={refusalKind === 'busy' || refusalKind === 'stale' ? 'warning' : 'error'} data-testid="import-refusal" data-code={refusal.code ?? ''}>
          <MessageBarBody>
            <MessageBarTitle>
              {t(refusalKind === 'busy' ? 'assetImport.busyTitle' : refusalKind === 'stale' ? 'assetImport.staleTitle' : 'assetImport.refusedTitle')}
            </MessageBarTitle>
            {refusal.message}
            {refusalKind === 'busy' && ` ${t('assetImport.busyHint')}`}
            {refusalKind === 'stale' && ` ${t('assetImport.staleHint')}`}
          </MessageBarBody>
          {refusalKind === 'stale' && (
            <MessageBarActions>
              <Button icon={<ArrowDownloadRegular />} onClick={() => void downloadTemplate()}>
                {t('assetImport.downloadTemplate')}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}

      {job.pollError && (
        <MessageBar intent="error" data-testid="import-poll-error">
          <MessageBarBody>{job.pollError}</MessageBarBody>
          {!job.loaded && (
            <MessageBarActions>
              <Button onClick={job.reload}>{t('common.retry')}</Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}

      <Divider />
      {!job.loaded && !job.pollError ? (
        <Spinner size="small" label={t('shell.loading')} />
      ) : view.state === 'none' ? (
        <Text className={styles.muted} data-testid="import-none">
          {t('assetImport.noImportYet')}
        </Text>
      ) : (
        <>
          {!running && <Text weight="semibold">{t('assetImport.lastImport')}</Text>}
          <ImportOutcome view={view} />
        </>
      )}
    </Card>
  );
}
