import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../api/client';
import type { DepartmentInfo } from '../../../api/contract';
import { StatusCode } from '../../../api/contract';

/** Longest department name the server accepts (server/modules/departments). */
export const DEPT_NAME_MAX = 50;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * Names a new department or renames one. The server's refusal shows in place: under the
 * name when it is about the name (code 2), above the form otherwise.
 */
export function DepartmentNameDialog({
  mode,
  parentName,
  initialName = '',
  hint,
  onSubmit,
  onClose,
}: {
  mode: 'create' | 'rename';
  /** Shown for a new department: where it goes. */
  parentName?: string;
  initialName?: string;
  hint?: string;
  onSubmit: (name: string) => Promise<ApiResult<DepartmentInfo>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [name, setName] = useState(initialName);
  const [fieldMessage, setFieldMessage] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setFieldMessage(t('dept.nameRequired'));
      return;
    }
    setBusy(true);
    const result = await onSubmit(name.trim());
    setBusy(false);
    if (result.ok) {
      onClose();
      return;
    }
    if (result.code === StatusCode.parameter) setFieldMessage(result.message);
    else setFormMessage(result.message);
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined} data-testid="dept-name-dialog">
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{mode === 'create' ? t('dept.createTitle') : t('dept.renameTitle')}</DialogTitle>
            <DialogContent className={styles.form}>
              {formMessage && (
                <MessageBar intent="error" data-testid="dialog-error">
                  <MessageBarBody>{formMessage}</MessageBarBody>
                </MessageBar>
              )}
              {hint && (
                <MessageBar intent="info">
                  <MessageBarBody>{hint}</MessageBarBody>
                </MessageBar>
              )}
              {parentName !== undefined && (
                <Field label={t('dept.parent')}>
                  <Input value={parentName} readOnly appearance="filled-darker" />
                </Field>
              )}
              <Field label={t('dept.name')} required validationMessage={fieldMessage}>
                <Input
                  name="deptName"
                  value={name}
                  maxLength={DEPT_NAME_MAX}
                  placeholder={t('dept.namePlaceholder')}
                  autoFocus
                  onChange={(_, d) => {
                    setName(d.value);
                    setFieldMessage(d.value.trim() === '' ? t('dept.nameRequired') : undefined);
                    setFormMessage(null);
                  }}
                  data-testid="dept-name-input"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="dept-name-submit">
                {busy ? t('common.saving') : t('common.ok')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
