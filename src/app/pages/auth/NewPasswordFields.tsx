import { Field } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../../components/PasswordInput';
import { showMessage } from './formMessages';
import type { AccountCodeForm } from './useAccountCodeForm';

/** A new password entered twice; the second must match ("The passwords entered do not match..."). */
export function NewPasswordFields({ form, label }: { form: AccountCodeForm; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={label} required validationMessage={showMessage(t, form.errors.password)}>
        <PasswordInput
          name="password"
          autoComplete="new-password"
          contentBefore={<LockClosedRegular />}
          placeholder={t('auth.passwordPlaceholder')}
          value={form.password}
          onChange={(_, d) => form.setPassword(d.value)}
        />
      </Field>
      <Field label={t('auth.confirmPassword')} required validationMessage={showMessage(t, form.errors.confirm)}>
        <PasswordInput
          name="confirm"
          autoComplete="new-password"
          contentBefore={<LockClosedRegular />}
          placeholder={t('auth.confirmPasswordPlaceholder')}
          value={form.confirm}
          onChange={(_, d) => form.setConfirm(d.value)}
        />
      </Field>
    </>
  );
}
