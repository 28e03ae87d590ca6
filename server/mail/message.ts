import type { CodePurpose } from '../../src/api/contract.ts';
import type { Lang } from '../errors.ts';

export type Channel = 'email' | 'sms';

/** One verification code to deliver. */
export interface CodeMessage {
  channel: Channel;
  /** Lower-cased email, or the phone digits. */
  to: string;
  purpose: CodePurpose;
  /** 6 digits. */
  code: string;
  /** The language of the request that asked for the code. */
  lang: Lang;
  /** Minutes the code stays valid, quoted in the text. */
  validMinutes: number;
}

export interface Mailer {
  /** Delivers the code or throws; the caller then withdraws the code. */
  sendCode(message: CodeMessage): Promise<void>;
}

const SUBJECT: Record<Lang, Record<CodePurpose, string>> = {
  zh: { register: 'Assetmark 注册验证码', reset: 'Assetmark 重置密码验证码' },
  en: { register: 'Your Assetmark sign-up code', reset: 'Your Assetmark password reset code' },
};

export function codeSubject(m: CodeMessage): string {
  return SUBJECT[m.lang][m.purpose];
}

export function codeText(m: CodeMessage): string {
  if (m.lang === 'en') {
    const what = m.purpose === 'register' ? 'to register' : 'to reset your password';
    return `Your Assetmark verification code ${what} is ${m.code}. It is valid for ${m.validMinutes} minutes. If you did not ask for it, ignore this message.`;
  }
  const what = m.purpose === 'register' ? '注册' : '重置密码';
  return `您的 Assetmark ${what}验证码为 ${m.code}，${m.validMinutes} 分钟内有效。如非本人操作，请忽略本消息。`;
}
