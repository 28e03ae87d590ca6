import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { StatusCode } from '../../api/contract';
import { userApi } from '../api';
import { refreshSession } from '../auth';
import { FormDialog } from '../components/FormDialog';
import { PasswordInput } from '../components/PasswordInput';
import type { MessageKey } from '../i18n/types';
import { notify } from '../notify';
import type { SessionUser } from '../permissions';
import { MIN_PASSWORD_LENGTH } from '../validation';

type PasswordField = 'old' | 'next' | 'confirm';

/**
 * Change password (spec section 5): old, new and confirmation, with the spec's messages.
 * Submit stays disabled until all three are filled and the new ones match; Enter on an
 * incomplete form says "密码不能为空！". Never offered to the demo account.
 */
export function ChangePasswordDialog({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<PasswordField, string>>({ old: '', next: '', confirm: '' });
  const [touched, setTouched] = useState<Partial<Record<PasswordField, boolean>>>({});
  const [failure, setFailure] = useState<{ key?: MessageKey; text?: string; field?: PasswordField } | null>(null);
  const [busy, setBusy] = useState(false);

  const fieldMessage = (field: PasswordField): string | undefined => {
    if (failure?.field === field) return failure.text;
    if (!touched[field]) return undefined;
    const v = values[field];
    if (field === 'old') return v === '' ? t('changePassword.oldRequired') : undefined;
    if (field === 'next') {
      if (v === '') return t('changePassword.newRequired');
      return v.length < MIN_PASSWORD_LENGTH ? t('validation.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) : undefined;
    }
    if (v === '') return t('changePassword.confirmRequired');
    return v !== values.next ? t('changePassword.mismatch') : undefined;
  };

  const allFilled = values.old !== '' && values.next !== '' && values.confirm !== '';
  const matching = values.next === values.confirm;
  const ready = allFilled && matching && values.next.length >= MIN_PASSWORD_LENGTH;

  /** Why the form cannot be sent yet, shown when the user tries anyway (Enter). */
  const refuse = () => {
    setTouched({ old: true, next: true, confirm: true });
    setFailure({ key: !allFilled ? 'changePassword.empty' : !matching ? 'changePassword.mismatch' : undefined });
  };

  const submit = async () => {
    if (!ready) {
      refuse();
      return;
    }
    setBusy(true);
    const result = await userApi.changePassword(user.Id, values.old, values.next);
    setBusy(false);
    if (!result.ok) {
      setFailure(result.code === StatusCode.wrongOldPassword ? { field: 'old', text: result.message } : { text: result.message });
      return;
    }
    refreshSession({ ...result.data, loginID: result.data.loginID || user.loginID });
    notify('success', t('changePassword.success'));
    onClose();
  };

  const update = (field: PasswordField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setFailure(null);
  };

  const formLevel = failure && !failure.field ? (failure.key ? t(failure.key) : failure.text) : undefined;
  const labels: Record<PasswordField, string> = {
    old: t('changePassword.oldPassword'),
    next: t('changePassword.newPassword'),
    confirm: t('changePassword.confirmPassword'),
  };
  const autoComplete: Record<PasswordField, string> = { old: 'current-password', next: 'new-password', confirm: 'new-password' };

  return (
    <FormDialog
      title={t('changePassword.title')}
      testId="change-password-dialog"
      submitTestId="change-password-submit"
      error={formLevel ?? null}
      busy={busy}
      canSubmit={ready}
      onSubmit={() => void submit()}
      onKeyDown={(e) => {
        // With the submit button disabled, Enter would do nothing at all; say why instead.
        if (e.key === 'Enter' && !ready && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          refuse();
        }
      }}
      onClose={onClose}
    >
      {(['old', 'next', 'confirm'] as const).map((field) => (
        <Field key={field} label={labels[field]} required validationMessage={fieldMessage(field)}>
          <PasswordInput
            name={field}
            autoComplete={autoComplete[field]}
            value={values[field]}
            onChange={(_, d) => update(field, d.value)}
            onBlur={(e) => {
              // Moving to a button (cancel, submit) must not move that button mid-click.
              if (!(e.relatedTarget instanceof HTMLButtonElement)) setTouched((prev) => ({ ...prev, [field]: true }));
            }}
            data-testid={`password-${field}`}
          />
        </Field>
      ))}
    </FormDialog>
  );
}
