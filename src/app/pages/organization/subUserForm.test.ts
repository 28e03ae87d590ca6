import { describe, expect, it } from 'vitest';
import type { ChildUserInfo } from '../../../api/contract';
import { changeInput, initialSubUserValues, loginOf, validateChange, validateOpen, type SubUserFormValues } from './subUserForm';

const filled: SubUserFormValues = {
  ...initialSubUserValues(),
  account: '13800138000',
  checkCode: '123456',
  password: 'secret1',
  confirm: 'secret1',
};

const current: ChildUserInfo = {
  id: 50,
  staffId: 7,
  staffName: '李四',
  affiliatedDept: 4,
  phoneNumber: null,
  email: 'li@acme.test',
  enabled: true,
  roleId: 3,
  roleName: '管理员',
  permissions: [302],
  authorizationType: 'Custom',
  authorizedDepts: [4, 5],
  version: 1,
};

describe('opening a sub-user (spec section 5)', () => {
  it('asks for every field of an empty form', () => {
    expect(validateOpen(initialSubUserValues())).toEqual({
      account: 'validation.phoneRequired',
      checkCode: 'validation.codeRequired',
      password: 'validation.passwordRequired',
      confirm: 'validation.confirmRequired',
    });
    expect(validateOpen({ ...initialSubUserValues(), kind: 'email' }).account).toBe('validation.emailRequired');
  });

  it('checks the formats and that the passwords match', () => {
    expect(validateOpen({ ...filled, account: '12345', checkCode: '12a', confirm: 'secret2' })).toEqual({
      account: 'validation.phoneInvalid',
      checkCode: 'validation.codeInvalid',
      confirm: 'validation.passwordMismatch',
    });
    expect(validateOpen({ ...filled, kind: 'email', account: 'not-mail' }).account).toBe('validation.emailInvalid');
  });

  it('needs at least one organization for a custom scope', () => {
    expect(validateOpen({ ...filled, scope: 'Custom' })).toEqual({ depts: 'subUser.deptsRequired' });
    expect(validateOpen({ ...filled, scope: 'Custom', depts: [4] })).toEqual({});
    expect(validateOpen(filled)).toEqual({});
  });
});

describe('changing a sub-user', () => {
  const start = initialSubUserValues(current);

  it('starts from the sub-user: its role, scope, departments and login kind', () => {
    expect(start).toMatchObject({ kind: 'email', roleId: 3, scope: 'Custom', depts: [4, 5], changeLogin: false });
    expect(loginOf(current)).toBe('li@acme.test');
  });

  it('says "no changes" when nothing differs, and sends only what changed', () => {
    expect(validateChange(start, current)).toEqual({ form: 'subUser.noChanges' });
    expect(validateChange({ ...start, depts: [5, 4] }, current)).toEqual({ form: 'subUser.noChanges' });
    expect(changeInput({ ...start, roleId: null }, current)).toEqual({ roleId: null });
    expect(changeInput({ ...start, depts: [4] }, current)).toEqual({ scope: { authorizationType: 'Custom', authorizedDepts: [4] } });
    expect(changeInput({ ...start, scope: 'Dept' }, current)).toEqual({ scope: { authorizationType: 'Dept', authorizedDepts: [] } });
  });

  it('asks for the new login and its code, and the new password twice, only when changing them', () => {
    expect(validateChange({ ...start, changeLogin: true }, current)).toEqual({
      account: 'validation.emailRequired',
      checkCode: 'validation.codeRequired',
    });
    expect(validateChange({ ...start, changePassword: true, password: 'newpass1', confirm: 'other' }, current)).toEqual({
      confirm: 'validation.passwordMismatch',
    });
    const next = { ...start, changeLogin: true, account: 'new@acme.test', checkCode: '111111', changePassword: true, password: 'newpass1', confirm: 'newpass1' };
    expect(validateChange(next, current)).toEqual({});
    expect(changeInput(next, current)).toEqual({
      login: { account: { email: 'new@acme.test' }, checkCode: '111111' },
      password: 'newpass1',
    });
    expect(validateChange({ ...start, depts: [] }, current)).toEqual({ depts: 'subUser.deptsRequired' });
  });
});
