import { useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { WarningFilled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  message: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  icon: { fontSize: '24px', color: tokens.colorPaletteDarkOrangeForeground1, flexShrink: 0 },
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1 },
    ':hover:active': { backgroundColor: tokens.colorPaletteRedForeground1 },
  },
});

/**
 * A delete (or other irreversible) confirmation (spec section 5). `onConfirm` resolves to
 * null when done (the dialog closes) or to a message to show in the dialog, e.g. the
 * server's "this department still has 2 staff members".
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    const problem = await onConfirm();
    setBusy(false);
    if (problem === null) onClose();
    else setFailure(problem);
  };

  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="confirm-dialog">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.message}>
              <WarningFilled className={styles.icon} />
              <Text>{message}</Text>
            </div>
            {failure && (
              <MessageBar intent="error" data-testid="confirm-error">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} data-testid="confirm-cancel">
              {t('common.cancel')}
            </Button>
            <Button appearance="primary" className={styles.danger} disabled={busy} onClick={confirm} data-testid="confirm-ok">
              {busy ? t('common.working') : (confirmLabel ?? t('common.delete'))}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
