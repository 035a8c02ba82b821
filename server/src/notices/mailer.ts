import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** One message as the drainer hands it over. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Where the outbox's messages go: the mail server of SMTP_URL (smtp:// or smtps://, the account in the URL), or, with
 * none configured, one log line per message (to, subject), which counts as sent: nothing is lost silently and
 * nothing piles up. A refusal or a broken connection throws, and the drainer tries again later.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const url = config.mail.smtpUrl;
    // Short timeouts: the drainer holds its claimed rows while it sends (on PGlite, the one database session).
    if (url) this.transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.transport) {
      this.logger.warn(`No SMTP_URL: not sent, logged. To ${message.to}: ${message.subject}`);
      return;
    }
    await this.transport.sendMail({ from: this.config.mail.from, ...message });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
