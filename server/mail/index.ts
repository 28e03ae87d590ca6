import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { Mailer } from './message.ts';
import { outboxMailer } from './outbox.ts';
import { smtpMailer } from './smtp.ts';

export type { Channel, CodeMessage, Mailer } from './message.ts';

/** SMTP when SMTP_HOST is configured (email only), the outbox for everything else. */
export function createMailer(config: Pick<Config, 'smtp' | 'dataDir'>, log: Logger, clock: Clock): Mailer {
  const outbox = outboxMailer(config.dataDir, log, clock);
  return config.smtp ? smtpMailer(config.smtp, outbox) : outbox;
}
