/**
 * A print run's progress: pages rendered, sent and confirmed, labels printed, and the
 * run's controls — pause, resume, cancel, and after a failure resume (from the label that
 * failed) or skip it. Every message says which label is next, so an operator who reloads
 * paper or restarts a printer knows nothing was lost or printed twice.
 */
import { clauseComma } from '../../i18n/types';
import { Button, makeStyles, MessageBar, MessageBarBody, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { DismissRegular, PauseRegular, PlayRegular, NextRegular, StopRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { RunState } from '../../../print/run';
import type { PrintPlan } from '../../../print/plan';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  counts: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface PrintProgressProps {
  plan: PrintPlan;
  state: Readonly<RunState<unknown, unknown>>;
  /** The failure in the user's language. */
  failureMessage: string | null;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  onSkip: () => void;
  onClose: () => void;
}

export function PrintProgress({ plan, state, failureMessage, onPause, onResume, onCancel, onSkip, onClose }: PrintProgressProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const comma = clauseComma(i18n.language);
  const labelsDone = state.labelsConfirmed;
  const nextLabel = plan.labelsBefore(state.next) + 1;
  const nextSend = state.next < plan.sends ? plan.at(state.next) : null;
  const finished = state.status === 'done' || state.status === 'cancelled';

  let message: { intent: 'info' | 'success' | 'warning' | 'error'; text: string } | null = null;
  if (state.status === 'done') message = { intent: 'success', text: t('labelPrint.done', { count: state.labels }) };
  else if (state.status === 'cancelled') message = { intent: 'warning', text: t('labelPrint.cancelled', { count: labelsDone }) };
  else if (state.status === 'paused') message = { intent: 'info', text: t('labelPrint.paused', { count: labelsDone, next: nextLabel }) };
  else if (state.status === 'failed' && state.failure) {
    message =
      state.failure.stage === 'send'
        ? {
            intent: 'error',
            text: t('labelPrint.failedSend', {
              message: failureMessage ?? '',
              done: labelsDone,
              next: nextLabel,
              page: (nextSend?.labelPage ?? 0) + 1,
              side: nextSend?.side === 'mirrored' ? `${comma}${t('labelPrint.mirroredSide')}` : '',
            }),
          }
        : { intent: 'error', text: t('labelPrint.failedRender', { message: failureMessage ?? '', next: nextLabel }) };
  }

  return (
    <div className={styles.root} data-testid="print-progress" data-status={state.status} data-rendered={state.rendered} data-sent={state.sent} data-confirmed={state.confirmed} data-next={state.next}>
      <Text weight="semibold">{t('labelPrint.progressTitle')}</Text>
      <ProgressBar value={state.labels === 0 ? 0 : labelsDone / state.labels} thickness="large" color={state.status === 'failed' ? 'error' : state.status === 'done' ? 'success' : 'brand'} />
      <Text data-testid="print-labels">{t('labelPrint.progressLabels', { done: labelsDone, total: state.labels })}</Text>
      <Text size={200} className={styles.counts} data-testid="print-counts">
        {t('labelPrint.progressCounts', { rendered: state.rendered, sent: state.sent, confirmed: state.confirmed, total: state.sends })}
      </Text>
      {message && (
        <MessageBar intent={message.intent} data-testid="print-message">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        {state.status === 'running' && (
          <Button icon={<PauseRegular />} onClick={onPause} data-testid="print-pause">
            {t('labelPrint.pause')}
          </Button>
        )}
        {(state.status === 'paused' || state.status === 'failed') && (
          <Button appearance="primary" icon={<PlayRegular />} onClick={onResume} data-testid="print-resume">
            {t('labelPrint.resume')}
          </Button>
        )}
        {state.status === 'failed' && state.failure?.stage === 'render' && (
          <Button icon={<NextRegular />} onClick={onSkip} data-testid="print-skip">
            {t('labelPrint.skip')}
          </Button>
        )}
        {!finished && (
          <Button icon={<StopRegular />} onClick={onCancel} data-testid="print-cancel">
            {t('labelPrint.cancel')}
          </Button>
        )}
        {finished && (
          <Button icon={<DismissRegular />} onClick={onClose} data-testid="print-close">
            {t('labelPrint.close')}
          </Button>
        )}
      </div>
    </div>
  );
}
