import { useState, type ReactNode } from 'react';
import {
  Badge,
  Divider,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Radio,
  RadioGroup,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { MailRegular, PhoneRegular, ShieldKeyholeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ALL_PERMISSIONS, type AuthorizationType, type ChildUserInfo, type StaffInfo } from '../../../api/contract';
import { userApi } from '../../api';
import { CheckCodeInput } from '../../components/CheckCodeInput';
import { DepartmentChecklist } from '../../components/DepartmentChecklist';
import { FormDialog } from '../../components/FormDialog';
import { useRecordChanged } from '../../hooks/useRecordChanged';
import { PasswordInput } from '../../components/PasswordInput';
import { useRoles } from '../../hooks/useOrgData';
import { notify } from '../../notify';
import type { DeptTree } from '../../state/departmentTree';
import { org } from '../../state/org';
import type { MessageKey } from '../../i18n/types';
import { MIN_PASSWORD_LENGTH, toAccountName, validateAccount, type AccountKind } from '../../validation';
import { AccountKindTabs } from '../auth/AccountKindTabs';
import { fieldOfFailure } from '../auth/formMessages';
import {
  changeInput,
  initialSubUserValues,
  loginOf,
  validateChange,
  validateOpen,
  type SubUserErrors,
  type SubUserField,
  type SubUserFormValues,
} from './subUserForm';

const useStyles = makeStyles({
  surface: { maxWidth: '640px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  sectionTitle: { color: tokens.colorNeutralForeground2 },
  pair: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start', // a message under one field must not stretch the other
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  who: { color: tokens.colorNeutralForeground3 },
  permissions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A failure shown in the form: a rule's message (i18n key) or the server's own text. */
type Shown = Partial<Record<SubUserField, { key?: MessageKey; text?: string }>>;

/**
 * Opens a sub-user for a staff member, or changes one (spec sections 4 and 5): login (phone
 * or email, with a verification code), password twice, role, and asset scope (all, own
 * department, or chosen departments). Every rule's message shows under its field. A change
 * is based on the version the dialog opened on; changed by someone else meanwhile (another
 * admin, a disable), the dialog offers to reload the sub-user.
 */
export function SubUserDialog({
  tree,
  staff,
  current: opened,
  onClose,
}: {
  tree: DeptTree;
  staff: StaffInfo;
  /** The open sub-user to change; absent to open one. */
  current?: ChildUserInfo;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { roles, error: rolesError } = useRoles();
  // The sub-user as last loaded: what a change is based on.
  const [current, setCurrent] = useState(opened);
  const [values, setValues] = useState<SubUserFormValues>(() => initialSubUserValues(opened));
  const [shown, setShown] = useState<Shown>({});
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = current !== undefined;
  const changed = useRecordChanged(async () => {
    if (!current) return null;
    const result = await org.reloadSubUser(current.id);
    if (!result.ok) return result.message;
    if (!result.data) return t('common.recordGone');
    setCurrent(result.data);
    setValues(initialSubUserValues(result.data));
    setShown({});
    setCodeSentTo(null);
    return null;
  });
  const askLogin = !editing || values.changeLogin;
  const askPassword = !editing || values.changePassword;

  const set = <K extends keyof SubUserFormValues>(key: K, value: SubUserFormValues[K], field?: SubUserField) => {
    setValues((v) => ({ ...v, [key]: value }));
    setShown((s) => ({ ...s, ...(field ? { [field]: undefined } : {}), form: undefined }));
  };

  const message = (field: SubUserField): string | undefined => {
    const m = shown[field];
    if (!m) return undefined;
    return m.text ?? (m.key ? t(m.key, { min: MIN_PASSWORD_LENGTH }) : undefined);
  };

  const showRules = (errors: SubUserErrors) =>
    setShown(Object.fromEntries(Object.entries(errors).map(([k, key]) => [k, { key }])) as Shown);

  const sendCode = async (): Promise<number | null> => {
    const invalid = validateAccount(values.kind, values.account);
    setShown((s) => ({ ...s, account: invalid ? { key: invalid } : undefined, form: undefined }));
    setCodeSentTo(null);
    if (invalid) return null;
    const result = await userApi.requestCheckCode(toAccountName(values.kind, values.account), 'register');
    if (result.ok) {
      setCodeSentTo(values.account.trim());
      return result.data.resendAfterSeconds;
    }
    const field = fieldOfFailure(result);
    setShown((s) => ({ ...s, [field === 'account' || field === 'checkCode' ? field : 'form']: { text: result.message } }));
    return null;
  };

  const submit = async () => {
    const errors = editing ? validateChange(values, current) : validateOpen(values);
    showRules(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    const result = editing
      ? await org.changeSubUser(current.id, current.version, changeInput(values, current))
      : await org.openSubUser({
          staffId: staff.id,
          account: toAccountName(values.kind, values.account),
          checkCode: values.checkCode,
          password: values.password,
          roleId: values.roleId,
          authorizationType: values.scope,
          authorizedDepts: values.depts,
        });
    setBusy(false);
    if (changed.caught(result)) return;
    if (result.ok) {
      notify('success', editing ? t('subUser.changed') : t('subUser.opened'));
      onClose();
      return;
    }
    const field = fieldOfFailure(result);
    setShown({ [field === 'account' || field === 'checkCode' ? field : 'form']: { text: result.message } });
  };

  const role = roles?.find((r) => r.id === values.roleId);
  const scopeLabels: Record<AuthorizationType, string> = {
    All: t('subUser.scopeAll'),
    Dept: t('subUser.scopeDept'),
    Custom: t('subUser.scopeCustom'),
  };
  const isPhone = values.kind === 'phone';
  const formError = message('form');

  const section = (title: string, children: ReactNode, aside?: ReactNode) => (
    <div className={styles.section}>
      <Text weight="semibold" className={styles.sectionTitle}>
        {title}
      </Text>
      {aside}
      {children}
    </div>
  );

  return (
    <FormDialog
      title={
        <>
          {editing ? t('subUser.editTitle') : t('subUser.openTitle')}
          <Text block size={300} weight="regular" className={styles.who}>
            {staff.deptName ? `${staff.staffName} · ${staff.deptName}` : staff.staffName}
          </Text>
        </>
      }
      testId="subuser-dialog"
      submitTestId="subuser-submit"
      surfaceClassName={styles.surface}
      error={formError ?? null}
      busy={busy}
      canSubmit={!changed.stale}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {changed.bar}
              {codeSentTo && (
                <MessageBar intent="success" data-testid="code-sent">
                  <MessageBarBody>{t('auth.codeSent', { target: codeSentTo })}</MessageBarBody>
                </MessageBar>
              )}

              {section(
                t('subUser.loginSection'),
                <>
                  {editing && (
                    <Field label={t('subUser.currentLogin')}>
                      <Input value={loginOf(current)} readOnly appearance="filled-darker" data-testid="subuser-current-login" />
                    </Field>
                  )}
                  {editing && (
                    <Switch
                      checked={values.changeLogin}
                      label={t('subUser.changeLogin')}
                      onChange={(_, d) => set('changeLogin', d.checked)}
                      data-testid="subuser-change-login"
                    />
                  )}
                  {askLogin && (
                    <>
                      <AccountKindTabs
                        value={values.kind}
                        onChange={(kind: AccountKind) => {
                          setValues((v) => ({ ...v, kind, account: '' }));
                          setShown((s) => ({ ...s, account: undefined }));
                          setCodeSentTo(null);
                        }}
                      />
                      <div className={styles.pair}>
                        <Field
                          label={editing ? (isPhone ? t('subUser.newPhone') : t('subUser.newEmail')) : isPhone ? t('auth.phone') : t('auth.email')}
                          required
                          validationMessage={message('account')}
                        >
                          <Input
                            name="account"
                            type={isPhone ? 'tel' : 'email'}
                            autoComplete="off"
                            contentBefore={isPhone ? <PhoneRegular /> : <MailRegular />}
                            placeholder={isPhone ? t('auth.phonePlaceholder') : t('auth.emailPlaceholder')}
                            value={values.account}
                            onChange={(_, d) => set('account', d.value, 'account')}
                          />
                        </Field>
                        <Field label={t('auth.checkCode')} required validationMessage={message('checkCode')}>
                          <CheckCodeInput
                            name="checkCode"
                            contentBefore={<ShieldKeyholeRegular />}
                            placeholder={t('auth.checkCodePlaceholder')}
                            value={values.checkCode}
                            onValueChange={(v) => set('checkCode', v, 'checkCode')}
                            onSend={sendCode}
                          />
                        </Field>
                      </div>
                    </>
                  )}
                </>,
              )}

              {section(
                t('subUser.passwordSection'),
                <>
                  {editing && (
                    <Switch
                      checked={values.changePassword}
                      label={t('subUser.changePassword')}
                      onChange={(_, d) => set('changePassword', d.checked)}
                      data-testid="subuser-change-password"
                    />
                  )}
                  {askPassword && (
                    <div className={styles.pair}>
                      <Field label={editing ? t('auth.newPassword') : t('auth.password')} required validationMessage={message('password')}>
                        <PasswordInput
                          name="password"
                          autoComplete="new-password"
                          placeholder={t('auth.passwordPlaceholder')}
                          value={values.password}
                          onChange={(_, d) => set('password', d.value, 'password')}
                        />
                      </Field>
                      <Field label={t('auth.confirmPassword')} required validationMessage={message('confirm')}>
                        <PasswordInput
                          name="confirm"
                          autoComplete="new-password"
                          placeholder={t('auth.confirmPasswordPlaceholder')}
                          value={values.confirm}
                          onChange={(_, d) => set('confirm', d.value, 'confirm')}
                        />
                      </Field>
                    </div>
                  )}
                </>,
              )}

              <Divider />

              {section(
                t('subUser.accessSection'),
                <>
                  <Field label={t('subUser.role')} validationMessage={rolesError ?? undefined} validationState={rolesError ? 'error' : 'none'}>
                    <Dropdown
                      value={role ? role.roleName : t('subUser.noRole')}
                      selectedOptions={[values.roleId === null ? '' : String(values.roleId)]}
                      onOptionSelect={(_, d) => set('roleId', d.optionValue ? Number(d.optionValue) : null)}
                      data-testid="subuser-role"
                    >
                      <Option value="" text={t('subUser.noRole')}>
                        {t('subUser.noRole')}
                      </Option>
                      {(roles ?? []).map((r) => (
                        <Option key={r.id} value={String(r.id)} text={r.roleName}>
                          {r.roleName}
                        </Option>
                      ))}
                    </Dropdown>
                  </Field>
                  <div className={styles.permissions} data-testid="subuser-role-permissions">
                    {role && role.permissions.length > 0 ? (
                      ALL_PERMISSIONS.filter((c) => role.permissions.includes(c)).map((code) => (
                        <Badge key={code} appearance="outline" shape="rounded">
                          {t(`permission.${code as 101}`)}
                        </Badge>
                      ))
                    ) : (
                      <Text size={200} className={styles.muted}>
                        {t('subUser.noPermissions')}
                      </Text>
                    )}
                  </div>
                  <Field label={t('subUser.scope')} validationMessage={message('depts')}>
                    <RadioGroup
                      layout="horizontal"
                      value={values.scope}
                      onChange={(_, d) => set('scope', d.value as AuthorizationType, 'depts')}
                      data-testid="subuser-scope"
                    >
                      {(['All', 'Dept', 'Custom'] as const).map((s) => (
                        <Radio key={s} value={s} label={scopeLabels[s]} data-testid={`subuser-scope-${s}`} />
                      ))}
                    </RadioGroup>
                  </Field>
                  {values.scope === 'Custom' && (
                    <DepartmentChecklist
                      tree={tree}
                      values={values.depts}
                      onChange={(ids) => set('depts', ids, 'depts')}
                      data-testid="subuser-depts"
                    />
                  )}
                </>,
              )}
    </FormDialog>
  );
}
