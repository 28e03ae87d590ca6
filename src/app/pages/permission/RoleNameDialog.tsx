import { useState } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../api/client';
import { StatusCode, type RoleInfo } from '../../../api/contract';
import { FormDialog } from '../../components/FormDialog';
import { useRecordChanged } from '../../hooks/useRecordChanged';
import { limitHint, limitMessage } from '../../components/textLimit';

/** Longest role name the server accepts (server/modules/roles). */
export const ROLE_NAME_MAX = 50;

/**
 * Names a new role or renames one (spec section 5): not empty, not another role's name
 * (any case) — checked here against the roles shown, and again by the server. A rename based
 * on an old version (31) offers to reload the role (`reload`).
 */
export function RoleNameDialog({
  mode,
  initialName = '',
  takenNames,
  onSubmit,
  reload,
  onClose,
}: {
  mode: 'create' | 'rename';
  initialName?: string;
  /** Names of the other roles. */
  takenNames: readonly string[];
  onSubmit: (name: string) => Promise<ApiResult<RoleInfo>>;
  /** Rename: loads the role again (null: it is gone). */
  reload?: () => Promise<ApiResult<RoleInfo | null>>;
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
    setName(result.data.roleName);
    setFieldMessage(undefined);
    setFormMessage(null);
    return null;
  });
  const taken = new Set(takenNames.map((n) => n.trim().toLocaleLowerCase()));

  const submit = async () => {
    const value = name.trim();
    if (value === '') return setFieldMessage(t('role.nameRequired'));
    const tooLong = limitMessage(t, value, ROLE_NAME_MAX);
    if (tooLong) return setFieldMessage(tooLong);
    if (taken.has(value.toLocaleLowerCase())) return setFieldMessage(t('role.duplicate'));
    setBusy(true);
    const result = await onSubmit(value);
    setBusy(false);
    if (changed.caught(result)) return;
    if (result.ok) return onClose();
    if (result.code === StatusCode.duplicate || result.code === StatusCode.parameter) setFieldMessage(result.message);
    else setFormMessage(result.message);
  };

  return (
    <FormDialog
      title={mode === 'create' ? t('role.createTitle') : t('role.renameTitle')}
      testId="role-name-dialog"
      submitTestId="role-name-submit"
      error={formMessage}
      busy={busy}
      canSubmit={!changed.stale}
      onSubmit={submit}
      onClose={onClose}
    >
      {changed.bar}
      <Field label={t('role.name')} required validationMessage={fieldMessage} hint={limitHint(t, name.trim(), ROLE_NAME_MAX)}>
        <Input
          name="roleName"
          value={name}
          placeholder={t('role.namePlaceholder')}
          autoFocus
          onChange={(_, d) => {
            setName(d.value);
            setFieldMessage(d.value.trim() === '' ? t('role.nameRequired') : limitMessage(t, d.value.trim(), ROLE_NAME_MAX));
            setFormMessage(null);
          }}
          data-testid="role-name-input"
        />
      </Field>
    </FormDialog>
  );
}
