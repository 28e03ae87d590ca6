import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { silentLogger, type Logger } from '../log.ts';
import { testClock } from '../testing/harness.ts';
import { createMailer } from './index.ts';
import type { CodeMessage } from './message.ts';
import { outboxMailer } from './outbox.ts';
import { smtpMailer } from './smtp.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'assetmark-mail-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const clock = testClock(new Date('2030-03-01T09:30:00.000Z'));
const readOutbox = () =>
  readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

const message = (overrides: Partial<CodeMessage> = {}): CodeMessage => ({
  channel: 'email',
  to: 'ann@example.com',
  purpose: 'register',
  code: '012345',
  lang: 'en',
  validMinutes: 10,
  ...overrides,
});

describe('outbox delivery', () => {
  it('appends one JSON line per code and logs the code', async () => {
    const lines: string[] = [];
    const log: Logger = { info: (m) => lines.push(m), error: () => {} };
    const mailer = outboxMailer(dataDir, log, clock.now);
    await mailer.sendCode(message());
    await mailer.sendCode(message({ channel: 'sms', to: '13800000000', purpose: 'reset', code: '999999', lang: 'zh' }));
    const [email, sms] = readOutbox();
    expect(email).toEqual({
      time: '2030-03-01T09:30:00.000Z',
      channel: 'email',
      to: 'ann@example.com',
      purpose: 'register',
      code: '012345',
      text: 'Your Assetmark verification code to register is 012345. It is valid for 10 minutes. If you did not ask for it, ignore this message.',
    });
    expect(sms).toMatchObject({ channel: 'sms', to: '13800000000', purpose: 'reset', code: '999999' });
    expect(sms.text).toContain('重置密码验证码为 999999');
    expect(lines.join('\n')).toContain('012345');
  });

  it('is what createMailer gives without SMTP_HOST', async () => {
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), silentLogger, clock.now);
    await mailer.sendCode(message({ to: 'plain@example.com' }));
    expect(readOutbox().at(-1).to).toBe('plain@example.com');
  });
});

describe('SMTP delivery', () => {
  it('mails email codes and leaves phone codes to the outbox', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const spy = { sendMail: async (mail: SendMailOptions) => sent.push((await transport.sendMail(mail)).message) };
    const smtp = { host: 'mail.example.com', port: 587, secure: false, from: 'Assetmark <noreply@example.com>' };
    const mailer = smtpMailer(smtp, outboxMailer(dataDir, silentLogger, clock.now), spy as unknown as Transporter);

    const before = readOutbox().length;
    await mailer.sendCode(message({ to: 'smtp@example.com', code: '424242' }));
    await mailer.sendCode(message({ channel: 'sms', to: '13900000000', code: '515151' }));
    expect(sent).toHaveLength(1);
    const mail = JSON.parse(sent[0]);
    expect(mail.to).toEqual([{ address: 'smtp@example.com', name: '' }]);
    expect(mail.from).toEqual({ address: 'noreply@example.com', name: 'Assetmark' });
    expect(mail.subject).toBe('Your Assetmark sign-up code');
    expect(mail.text).toContain('424242');
    const added = readOutbox().slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ channel: 'sms', to: '13900000000', code: '515151' });
  });
});
