import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zhCN } from './zh-CN';

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (typeof child === 'string') out.set(prefix + key, child);
    else for (const [k, v] of leaves(child, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

describe('UI texts', () => {
  const zh = leaves(zhCN);
  const english = leaves(en);

  it('have the same keys in both languages and no empty text', () => {
    // English adds the singular of each plural (key_one beside zh-CN's only form, key_other).
    const singulars = [...zh.keys()].filter((k) => k.endsWith('_other')).map((k) => k.replace(/_other$/, '_one'));
    expect([...english.keys()].sort()).toEqual([...zh.keys(), ...singulars].sort());
    for (const [key, text] of [...zh, ...english]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of zh) expect(vars(english.get(key)!), key).toEqual(vars(text));
    for (const [key, text] of english) {
      if (key.endsWith('_one')) expect(vars(text), key).toEqual(vars(english.get(key.replace(/_one$/, '_other'))!));
    }
  });

  it('quote the spec verbatim where it names a message (sections 5 and 8)', () => {
    expect(zh.get('changePassword.oldRequired')).toBe('请输入旧密码');
    expect(zh.get('changePassword.newRequired')).toBe('请输入新密码');
    expect(zh.get('changePassword.confirmRequired')).toBe('请再次输入新密码');
    expect(zh.get('changePassword.mismatch')).toBe('两次输入的密码不一致,请重新输入。');
    expect(zh.get('changePassword.empty')).toBe('密码不能为空！');
    expect(zh.get('renameCompany.required')).toBe('请输入新的企业名称。');
    expect(zh.get('api.sessionInvalid')).toBe('登录信息失效，请退出后重新登录！');
    expect(zh.get('api.network')).toBe('网络异常！');
    expect(english.get('api.network')).toBe('Data request exception. Please check the network environment or request parameters!');
    expect(english.get('api.unknown')).toBe('Unknown Error!');
    expect(english.get('validation.passwordMismatch')).toBe('The passwords entered do not match. Please enter again.');
    expect(english.get('validation.codeInvalid')).toBe('No valid verification code detected');
    // Organisation and access (spec sections 5 and 8).
    expect(english.get('role.duplicate')).toBe('Role name already exists');
    expect(zh.get('role.duplicate')).toBe('角色名称已存在');
    expect(english.get('subUser.deptsRequired')).toBe('Choose at least one organization');
    expect(zh.get('subUser.deptsRequired')).toBe('请至少选择一个组织');
    expect(zh.get('staff.nameRequired')).toBe('员工姓名不能为空');
    // Asset classification (spec section 8).
    expect(english.get('classify.nameDuplicate')).toBe('Classification name already exists');
  });
});
