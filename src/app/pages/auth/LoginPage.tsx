import { useState, type FormEvent } from 'react';
import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { PersonRegular, LockClosedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { userApi } from '../../api';
import { signIn } from '../../auth';
import { AppLink } from '../../components/AppLink';
import { PasswordInput } from '../../components/PasswordInput';
import type { MessageKey } from '../../i18n/types';
import { REGISTER_PATH, RESET_PASSWORD_PATH } from '../../paths';
import { parseLoginAccount, validateLoginAccount } from '../../validation';
import { AuthLayout } from './AuthLayout';
import { DEMO_ACCOUNT } from './demoAccount';
import { redirectTarget } from './redirectTarget';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  forgot: { alignSelf: 'flex-end', marginTop: `calc(-1 * ${tokens.spacingVerticalS})` },
  demo: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    border: `1px dashed ${tokens.colorBrandStroke2}`,
  },
  demoText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  demoHint: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  demoButton: { flexShrink: 0, whiteSpace: 'nowrap' },
});

/** What the register and reset pages hand over when they send the user here. */
export interface LoginArrival {
  notice: 'registered' | 'passwordReset';
  account: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const arrival = useLocation().state as LoginArrival | null;

  const [account, setAccount] = useState(arrival?.account ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: MessageKey; password?: MessageKey }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      account: validateLoginAccount(account) ?? undefined,
      password: password === '' ? ('validation.passwordRequired' as const) : undefined,
    };
    setErrors(next);
    setFailure(null);
    const name = parseLoginAccount(account);
    if (next.account || next.password || !name) return;
    setBusy(true);
    const result = await userApi.login(name, password);
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message);
      return;
    }
    signIn(result.data);
    navigate(redirectTarget(params.get('redirect')), { replace: true });
  };

  return (
    <AuthLayout
      title={t('auth.loginTitle')}
      subtitle={t('auth.loginSubtitle')}
      footer={
        <Text>
          {t('auth.noAccount')}{' '}
          <AppLink to={REGISTER_PATH}>{t('auth.goRegister')}</AppLink>
        </Text>
      }
    >
      {arrival?.notice && !failure && (
        <MessageBar intent="success">
          <MessageBarBody>{t(arrival.notice === 'registered' ? 'auth.registered' : 'auth.passwordReset')}</MessageBarBody>
        </MessageBar>
      )}
      {failure && (
        <MessageBar intent="error" data-testid="form-error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label={t('auth.account')} required validationMessage={errors.account && t(errors.account)}>
          <Input
            size="large"
            name="account"
            autoComplete="username"
            contentBefore={<PersonRegular />}
            placeholder={t('auth.accountPlaceholder')}
            value={account}
            onChange={(_, d) => {
              setAccount(d.value);
              setErrors((e) => ({ ...e, account: undefined }));
            }}
          />
        </Field>
        <Field label={t('auth.password')} required validationMessage={errors.password && t(errors.password)}>
          <PasswordInput
            size="large"
            name="password"
            autoComplete="current-password"
            contentBefore={<LockClosedRegular />}
            placeholder={t('auth.passwordPlaceholder')}
            value={password}
            onChange={(_, d) => {
              setPassword(d.value);
              setErrors((e) => ({ ...e, password: undefined }));
            }}
          />
        </Field>
        <AppLink to={RESET_PASSWORD_PATH} className={styles.forgot}>
          {t('auth.forgotPassword')}
        </AppLink>
        <Button type="submit" appearance="primary" size="large" disabled={busy} data-testid="login-submit">
          {busy ? t('auth.loggingIn') : t('auth.login')}
        </Button>
      </form>
      <div className={styles.demo}>
        <div className={styles.demoText}>
          <Text weight="semibold">{t('auth.demoTitle')}</Text>
          <Text size={200} className={styles.demoHint}>
            {t('auth.demoHint', DEMO_ACCOUNT)}
          </Text>
        </div>
        <Button
          size="small"
          className={styles.demoButton}
          data-testid="use-demo"
          onClick={() => {
            setAccount(DEMO_ACCOUNT.account);
            setPassword(DEMO_ACCOUNT.password);
            setErrors({});
          }}
        >
          {t('auth.useDemo')}
        </Button>
      </div>
    </AuthLayout>
  );
}
