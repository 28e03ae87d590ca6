import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

/**
 * The answer to a save or delete refused because someone else changed the record since it
 * was loaded (code 31): the server's message and a Reload button that loads the record
 * again, dropping the stale form. Shown by every form that edits a versioned record, through
 * useRecordChanged.
 */
export function RecordChangedBar({ message, busy, onReload }: { message: string; busy: boolean; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <MessageBar intent="warning" data-testid="record-changed">
      <MessageBarBody>{message}</MessageBarBody>
      <MessageBarActions>
        <Button icon={<ArrowClockwiseRegular />} disabled={busy} onClick={onReload} data-testid="record-changed-reload">
          {busy ? t('common.reloading') : t('common.reload')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
