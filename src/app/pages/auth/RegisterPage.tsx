import { useState, type FormEvent } from 'react';
import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { BuildingRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { userApi } from '../../api';
import { AppLink } from '../../components/AppLink';
import { LOGIN_PATH } from '../../paths';
import { validateCompanyName } from '../../validation';
import { AccountCodeFields } from './AccountCodeFields';
import { AccountKindTabs } from './AccountKindTabs';
import { AuthLayout } from './AuthLayout';
import { FormNoticeBar } from './FormNoticeBar';
import { showMessage } from './formMessages';
import type { LoginArrival } from './LoginPage';
import { NewPasswordFields } from './NewPasswordFields';
import { useAccountCodeForm } from './useAccountCodeForm';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { marginTop: tokens.spacingVerticalS },
});

/** Registers a company; its account holder becomes the admin (spec section 1). */
export default function RegisterPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const form = useAccountCodeForm('register');
  const [companyName, setCompanyName] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate({ companyName: validateCompanyName(companyName) ?? undefined })) return;
    setBusy(true);
    const result = await userApi.register({
      account: form.accountName(),
      password: form.password,
      companyName: companyName.trim(),
      checkCode: form.checkCode,
    });
    setBusy(false);
    if (result.ok) {
      navigate(LOGIN_PATH, { state: { notice: 'registered', account: form.account.trim() } satisfies LoginArrival });
    } else {
      form.showFailure(result);
    }
  };

  return (
    <AuthLayout
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerSubtitle')}
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
        <Field label={t('auth.companyName')} required validationMessage={showMessage(t, form.errors.companyName)}>
          <Input
            name="companyName"
            autoComplete="organization"
            contentBefore={<BuildingRegular />}
            placeholder={t('auth.companyNamePlaceholder')}
            maxLength={100}
            value={companyName}
            onChange={(_, d) => {
              setCompanyName(d.value);
              form.setError('companyName', undefined);
            }}
          />
        </Field>
        <NewPasswordFields form={form} label={t('auth.password')} />
        <Button className={styles.submit} type="submit" appearance="primary" size="large" disabled={busy} data-testid="register-submit">
          {busy ? t('auth.registering') : t('auth.register')}
        </Button>
      </form>
    </AuthLayout>
  );
}
