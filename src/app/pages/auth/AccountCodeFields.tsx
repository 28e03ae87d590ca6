import { Field, Input } from '@fluentui/react-components';
import { MailRegular, PhoneRegular, ShieldKeyholeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { CheckCodeInput } from '../../components/CheckCodeInput';
import { showMessage } from './formMessages';
import type { AccountCodeForm } from './useAccountCodeForm';

/** The phone-or-email field and the verification code with its send button. */
export function AccountCodeFields({ form }: { form: AccountCodeForm }) {
  const { t } = useTranslation();
  const isPhone = form.kind === 'phone';
  return (
    <>
      <Field label={isPhone ? t('auth.phone') : t('auth.email')} required validationMessage={showMessage(t, form.errors.account)}>
        <Input
          name="account"
          type={isPhone ? 'tel' : 'email'}
          autoComplete={isPhone ? 'tel' : 'email'}
          contentBefore={isPhone ? <PhoneRegular /> : <MailRegular />}
          placeholder={isPhone ? t('auth.phonePlaceholder') : t('auth.emailPlaceholder')}
          value={form.account}
          onChange={(_, d) => form.setAccount(d.value)}
        />
      </Field>
      <Field label={t('auth.checkCode')} required validationMessage={showMessage(t, form.errors.checkCode)}>
        <CheckCodeInput
          name="checkCode"
          contentBefore={<ShieldKeyholeRegular />}
          placeholder={t('auth.checkCodePlaceholder')}
          value={form.checkCode}
          onValueChange={form.setCheckCode}
          onSend={form.sendCode}
        />
      </Field>
    </>
  );
}
