import { useState } from 'react';
import type { CodePurpose } from '../../../api/contract';
import { userApi } from '../../api';
import {
  toAccountName,
  validateAccount,
  validateCheckCode,
  validateConfirmation,
  validateNewPassword,
  type AccountKind,
} from '../../validation';
import { fieldOfFailure, type FieldMessage, type FieldMessages } from './formMessages';

/** The message above the form: a code was sent, or a failure that belongs to no field. */
export type FormNotice = { kind: 'codeSent'; target: string } | { kind: 'error'; text: string };

export type AccountFormField = 'account' | 'checkCode' | 'password' | 'confirm' | 'companyName';

/**
 * State shared by the register and reset forms: account kind and value, code, new password
 * twice, field messages, the form-level notice, and the "send code" action.
 */
export function useAccountCodeForm(purpose: CodePurpose) {
  const [kind, setKind] = useState<AccountKind>('phone');
  const [account, setAccount] = useState('');
  const [checkCode, setCheckCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldMessages<AccountFormField>>({});
  const [notice, setNotice] = useState<FormNotice | null>(null);

  const setError = (field: AccountFormField, message: FieldMessage | undefined) =>
    setErrors((prev) => ({ ...prev, [field]: message }));

  // Messages appear on submit (or "send code") and go away as the user edits the field.
  // Validating on blur would move the buttons under the pointer in mid-click.
  const editing = (field: AccountFormField, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((prev) => (prev[field] === undefined ? prev : { ...prev, [field]: undefined }));
  };

  const switchKind = (next: AccountKind) => {
    setKind(next);
    setAccount('');
    setError('account', undefined);
    setNotice(null);
  };

  /** Checks the fields every such form has; `extra` adds the page's own. True when all pass. */
  const validate = (extra: FieldMessages<AccountFormField> = {}): boolean => {
    const next: FieldMessages<AccountFormField> = {
      account: validateAccount(kind, account) ?? undefined,
      checkCode: validateCheckCode(checkCode) ?? undefined,
      password: validateNewPassword(password) ?? undefined,
      confirm: validateConfirmation(password, confirm) ?? undefined,
      ...extra,
    };
    setErrors(next);
    setNotice(null);
    return Object.values(next).every((m) => m === undefined);
  };

  /** Shows a server failure under its field, or above the form. */
  const showFailure = (failure: Parameters<typeof fieldOfFailure>[0]) => {
    const field = fieldOfFailure(failure);
    if (field) setError(field, { server: failure.message });
    else setNotice({ kind: 'error', text: failure.message });
  };

  /** Requests a code; resolves to the resend wait in seconds, or null when refused. */
  const sendCode = async (): Promise<number | null> => {
    const invalid = validateAccount(kind, account);
    setError('account', invalid ?? undefined);
    setNotice(null);
    if (invalid) return null;
    const result = await userApi.requestCheckCode(toAccountName(kind, account), purpose);
    if (result.ok) {
      setNotice({ kind: 'codeSent', target: account.trim() });
      return result.data.resendAfterSeconds;
    }
    showFailure(result);
    return null;
  };

  return {
    kind,
    switchKind,
    account,
    setAccount: editing('account', setAccount),
    accountName: () => toAccountName(kind, account),
    checkCode,
    setCheckCode: editing('checkCode', setCheckCode),
    password,
    setPassword: editing('password', setPassword),
    confirm,
    setConfirm: editing('confirm', setConfirm),
    errors,
    setError,
    validate,
    showFailure,
    notice,
    sendCode,
  };
}

export type AccountCodeForm = ReturnType<typeof useAccountCodeForm>;
