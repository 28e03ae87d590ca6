import { useState } from 'react';
import { Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../api/client';
import type { DepartmentInfo } from '../../../api/contract';
import { StatusCode } from '../../../api/contract';
import { FormDialog } from '../../components/FormDialog';
import { useRecordChanged } from '../../hooks/useRecordChanged';
import { limitHint, limitMessage } from '../../components/textLimit';

/** Longest department name the server accepts (server/modules/departments). */
export const DEPT_NAME_MAX = 50;

/**
 * Names a new department or renames one. The server's refusal shows in place: under the
 * name when it is about the name (code 2, or 29: a sibling has it), above the form otherwise.
 * A rename based on an old version (31) offers to reload the department (`reload`).
 */
export function DepartmentNameDialog({
  mode,
  parentName,
  initialName = '',
  hint,
  onSubmit,
  reload,
  onClose,
}: {
  mode: 'create' | 'rename';
  /** Shown for a new department: where it goes. */
  parentName?: string;
  initialName?: string;
  hint?: string;
  onSubmit: (name: string) => Promise<ApiResult<DepartmentInfo>>;
  /** Rename: loads the department again (null: it is gone). */
  reload?: () => Promise<ApiResult<DepartmentInfo | null>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [fieldMessage, setFieldMessage] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = useRecordChanged(async () => {
    const result = reload ? await reload() : null;
    if (!result) return null;
    if (!result.ok) return result.message;
    if (!result.data) return t('common.recordGone');
    setName(result.data.deptName);
    setFieldMessage(undefined);
    setFormMessage(null);
    return null;
  });

  const submit = async () => {
    if (name.trim() === '') {
      setFieldMessage(t('dept.nameRequired'));
      return;
    }
    const tooLong = limitMessage(t, name.trim(), DEPT_NAME_MAX);
    if (tooLong) {
      setFieldMessage(tooLong);
      return;
    }
    setBusy(true);
    const result = await onSubmit(name.trim());
    setBusy(false);
    if (changed.caught(result)) return;
    if (result.ok) {
      onClose();
      return;
    }
    // A sibling of that name (duplicate) is about the name too.
    if (result.code === StatusCode.parameter || result.code === StatusCode.duplicate) setFieldMessage(result.message);
    else setFormMessage(result.message);
  };

  return (
    <FormDialog
      title={mode === 'create' ? t('dept.createTitle') : t('dept.renameTitle')}
      testId="dept-name-dialog"
      submitTestId="dept-name-submit"
      error={formMessage}
      busy={busy}
      canSubmit={!changed.stale}
      onSubmit={submit}
      onClose={onClose}
    >
      {changed.bar}
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
      <Field label={t('dept.name')} required validationMessage={fieldMessage} hint={limitHint(t, name.trim(), DEPT_NAME_MAX)}>
        <Input
          name="deptName"
          value={name}
          placeholder={t('dept.namePlaceholder')}
          autoFocus
          onChange={(_, d) => {
            setName(d.value);
            setFieldMessage(d.value.trim() === '' ? t('dept.nameRequired') : limitMessage(t, d.value.trim(), DEPT_NAME_MAX));
            setFormMessage(null);
          }}
          data-testid="dept-name-input"
        />
      </Field>
    </FormDialog>
  );
}
