import {
  Badge,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { settings } from '../../state/settings';
import { IMPORT_STATE_COLOR, type ImportView } from './importView';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  fileName: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  progressText: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  counts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  count: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  countTerm: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  countValue: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  bad: { color: tokens.colorPaletteRedForeground1 },
  tableBox: {
    maxHeight: '420px',
    overflow: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  headerRow: { backgroundColor: tokens.colorNeutralBackground3 },
});

const STATE_KEYS = {
  none: 'assetImport.stateNone',
  importing: 'assetImport.stateImporting',
  success: 'assetImport.stateSuccess',
  partial: 'assetImport.statePartial',
  error: 'assetImport.stateError',
} as const;

export function ImportStateBadge({ state }: { state: ImportView['badge'] }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={IMPORT_STATE_COLOR[state]} data-testid="import-state" data-state={state}>
      {t(STATE_KEYS[state])}
    </Badge>
  );
}

/** The running job's progress, or the finished job's counts and bad rows. */
export function ImportOutcome({ view }: { view: ImportView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { language } = useSnapshot(settings);
  const number = new Intl.NumberFormat(language);
  const finished = view.finishedAt ? new Date(view.finishedAt) : null;

  return (
    <section className={styles.root} aria-live="polite" data-testid="import-outcome">
      <div className={styles.header}>
        <ImportStateBadge state={view.badge} />
        {view.fileName && <Text className={styles.fileName}>{view.fileName}</Text>}
        {finished && !Number.isNaN(finished.getTime()) && (
          <Text size={200} className={styles.muted}>
            {t('assetImport.finishedAt', { time: finished.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </Text>
        )}
      </div>

      {view.progress && (
        <div className={styles.progress} data-testid="import-progress">
          <div className={styles.progressText}>
            <Text>
              {t(view.progress.step === 'checking' ? 'assetImport.stepChecking' : 'assetImport.stepSaving', {
                done: number.format(view.progress.done),
                total: number.format(view.progress.total),
              })}
            </Text>
            <Text weight="semibold">{new Intl.NumberFormat(language, { style: 'percent' }).format(view.progress.fraction)}</Text>
          </div>
          <ProgressBar value={view.progress.fraction} thickness="large" aria-label={t('assetImport.progress')} />
        </div>
      )}

      {view.message && (
        <MessageBar intent="error" data-testid="import-message">
          <MessageBarBody>
            <MessageBarTitle>{t('assetImport.nothingSaved')}</MessageBarTitle>
            {view.message}
          </MessageBarBody>
        </MessageBar>
      )}

      {view.counts && (
        <dl className={styles.counts}>
          {(
            [
              ['created', 'assetImport.created'],
              ['updated', 'assetImport.updated'],
              ['unchanged', 'assetImport.unchanged'],
              ['errors', 'assetImport.problemRows'],
            ] as const
          ).map(([key, label]) => (
            <div key={key} className={styles.count}>
              <dt className={styles.countTerm}>{t(label)}</dt>
              <dd className={`${styles.countValue} ${key === 'errors' && view.counts!.errors > 0 ? styles.bad : ''}`} data-testid={`import-count-${key}`}>
                {number.format(view.counts![key])}
              </dd>
            </div>
          ))}
        </dl>
      )}

      {view.problems.length > 0 && (
        <>
          <Text weight="semibold">{t('assetImport.problemsTitle')}</Text>
          <div className={styles.tableBox}>
            <Table size="small" aria-label={t('assetImport.problemsTitle')} data-testid="import-problems">
              <TableHeader>
                <TableRow className={styles.headerRow}>
                  <TableHeaderCell style={{ width: '110px' }}>{t('assetImport.row')}</TableHeaderCell>
                  <TableHeaderCell>{t('assetImport.reason')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {view.problems.map((p, i) => (
                  <TableRow key={`${p.row}-${i}`} data-testid="import-problem" data-row={p.row}>
                    <TableCell>{t('assetImport.rowNumber', { row: p.row })}</TableCell>
                    <TableCell>{p.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {view.unlistedProblems > 0 && (
            <Text size={200} className={styles.muted}>
              {t('assetImport.moreProblems', { count: view.unlistedProblems, shown: view.problems.length })}
            </Text>
          )}
        </>
      )}
    </section>
  );
}
