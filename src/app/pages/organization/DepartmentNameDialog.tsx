import { useState } from 'react';
import { Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../api/client';
import type { DepartmentInfo } from '../../../api/contract';
import { StatusCode } from '../../../api/contract';
import { FormDialog } from '../../components/FormDialog';

/** Longest department name the server accepts (server/modules/departments). */
export const DEPT_NAME_MAX = 50;

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
  const [name, setName] = useState(initialName);
  const [fieldMessage, setFieldMessage] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
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
    <FormDialog
      title={mode === 'create' ? t('dept.createTitle') : t('dept.renameTitle')}
      testId="dept-name-dialog"
      submitTestId="dept-name-submit"
      error={formMessage}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
