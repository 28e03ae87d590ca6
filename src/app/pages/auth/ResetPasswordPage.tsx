import { useState, type FormEvent } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { userApi } from '../../api';
import { AppLink } from '../../components/AppLink';
import { LOGIN_PATH } from '../../paths';
import { AccountCodeFields } from './AccountCodeFields';
import { AccountKindTabs } from './AccountKindTabs';
import { AuthLayout } from './AuthLayout';
import { FormNoticeBar } from './FormNoticeBar';
import type { LoginArrival } from './LoginPage';
import { NewPasswordFields } from './NewPasswordFields';
import { useAccountCodeForm } from './useAccountCodeForm';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { marginTop: tokens.spacingVerticalS },
});

/** Reset password (route /modify-password): a valid phone or email, a code, the password twice. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const form = useAccountCodeForm('reset');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setBusy(true);
    const result = await userApi.resetPassword({ account: form.accountName(), password: form.password, checkCode: form.checkCode });
    setBusy(false);
    if (result.ok) {
      navigate(LOGIN_PATH, { state: { notice: 'passwordReset', account: form.account.trim() } satisfies LoginArrival });
    } else {
      form.showFailure(result);
    }
  };

  return (
    <AuthLayout
      title={t('auth.resetTitle')}
      subtitle={t('auth.resetSubtitle')}
      footer={
        <Text>
          {t('auth.haveAccount')} <AppLink to={LOGIN_PATH}>{t('auth.goLogin')}</AppLink>
        </Text>
      }
    >
      <AccountKindTabs value={form.kind} onChange={form.switchKind} />
      <FormNoticeBar notice={form.notice} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <AccountCodeFields form={form} />
        <NewPasswordFields form={form} label={t('auth.newPassword')} />
        <Button className={styles.submit} type="submit" appearance="primary" size="large" disabled={busy} data-testid="reset-submit">
          {busy ? t('auth.resetting') : t('auth.reset')}
        </Button>
      </form>
    </AuthLayout>
  );
}
