import type { KeyboardEvent, ReactNode } from 'react';
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
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * The frame of a form in a dialog: title, the fields (children), the server's refusal above
 * them (`data-testid="dialog-error"`), and Cancel / OK, OK showing "Saving…" and disabled
 * while `busy`. Submitting (OK or Enter) calls `onSubmit` without reloading the page;
 * validating, saving and closing are the caller's.
 */
export function FormDialog({
  title,
  testId,
  submitTestId,
  surfaceClassName,
  contentClassName,
  errorClassName,
  error,
  busy,
  canSubmit = true,
  onSubmit,
  onKeyDown,
  onClose,
  children,
}: {
  /** The heading; may carry a second line (who or what the form is about). */
  title: ReactNode;
  /** `data-testid` of the dialog surface. */
  testId: string;
  /** `data-testid` of the OK button. */
  submitTestId: string;
  surfaceClassName?: string;
  /** Layout of the fields; a column by default. */
  contentClassName?: string;
  errorClassName?: string;
  /** A message for the whole form (not about one field), or null. */
  error: string | null;
  busy: boolean;
  /** False keeps OK disabled (the form is not complete yet); true by default. */
  canSubmit?: boolean;
  onSubmit: () => void;
  /** Keys pressed inside the form, before the browser's Enter-to-submit. */
  onKeyDown?: (event: KeyboardEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const styles = useStyles();

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={surfaceClassName} aria-describedby={undefined} data-testid={testId}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
          onKeyDown={onKeyDown}
          noValidate
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={contentClassName ?? styles.content}>
              {error && (
                <MessageBar intent="error" className={errorClassName} data-testid="dialog-error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              )}
              {children}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy || !canSubmit} data-testid={submitTestId}>
                {busy ? t('common.saving') : t('common.ok')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
