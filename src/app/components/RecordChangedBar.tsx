import { useEffect, useRef } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

/**
 * The answer to a save or delete refused because someone else changed the record since it
 * was loaded (code 31): the server's message and a Reload button that loads the record
 * again, dropping the stale form. Shown by every form that edits a versioned record, through
 * useRecordChanged. It appears where the form begins, often far above the Save button that
 * was pressed, so it scrolls itself into view and puts the focus on Reload (Enter reloads).
 */
export function RecordChangedBar({ message, busy, onReload }: { message: string; busy: boolean; onReload: () => void }) {
  const { t } = useTranslation();
  const reload = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    reload.current?.scrollIntoView({ block: 'center' });
    reload.current?.focus({ preventScroll: true });
  }, []);
  return (
    <MessageBar intent="warning" data-testid="record-changed">
      <MessageBarBody>{message}</MessageBarBody>
      <MessageBarActions>
        <Button ref={reload} icon={<ArrowClockwiseRegular />} disabled={busy} onClick={onReload} data-testid="record-changed-reload">
          {busy ? t('common.reloading') : t('common.reload')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
