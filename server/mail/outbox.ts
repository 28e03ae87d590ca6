/**
 * Delivery without a mail or SMS gateway: the code goes to the server log and one JSON line
 * is appended to DATA_DIR/outbox.jsonl:
 *   {"time","channel":"email"|"sms","to","purpose":"register"|"reset","code","text"}
 * Phone numbers always end here (there is no SMS gateway); so does email without SMTP.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import { codeText, type CodeMessage, type Mailer } from './message.ts';

export interface OutboxLine {
  time: string;
  channel: 'email' | 'sms';
  to: string;
  purpose: 'register' | 'reset';
  code: string;
  text: string;
}

export const OUTBOX_FILE = 'outbox.jsonl';

export function outboxMailer(dataDir: string, log: Logger, clock: Clock): Mailer {
  const file = join(dataDir, OUTBOX_FILE);
  return {
    async sendCode(m: CodeMessage) {
      const line: OutboxLine = {
        time: clock().toISOString(),
        channel: m.channel,
        to: m.to,
        purpose: m.purpose,
        code: m.code,
        text: codeText(m),
      };
      await mkdir(dataDir, { recursive: true });
      await appendFile(file, JSON.stringify(line) + '\n', 'utf8');
      log.info(`[mail] ${m.channel} to ${m.to} (${m.purpose}): verification code ${m.code} (also in ${file})`);
    },
  };
}
