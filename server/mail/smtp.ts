import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpConfig } from '../config.ts';
import { codeSubject, codeText, type CodeMessage, type Mailer } from './message.ts';

/**
 * Email through an SMTP server; phone numbers go to `sms` (the outbox: there is no SMS
 * gateway). `transport` replaces the SMTP connection in tests.
 */
export function smtpMailer(
  smtp: SmtpConfig,
  sms: Mailer,
  transport: Transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
  }),
): Mailer {
  return {
    async sendCode(m: CodeMessage) {
      if (m.channel === 'sms') return sms.sendCode(m);
      await transport.sendMail({ from: smtp.from, to: m.to, subject: codeSubject(m), text: codeText(m) });
    },
  };
}
