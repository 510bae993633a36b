import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/**
 * Mail goes over SMTP when `SMTP_URL` is set; otherwise each message is written as an .eml file
 * in `DATA_DIR/outbox`, so a fresh machine works and the log says where the mail went.
 */
export function createMailer(settings: MailSettings, log: FastifyBaseLogger): Mailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: settings.from, ...message });
      },
    };
  }
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await composer.sendMail({ from: settings.from, ...message });
      await mkdir(settings.outboxDir, { recursive: true });
      const file = path.join(
        settings.outboxDir,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info({ file }, 'no SMTP_URL set: mail written to the outbox');
    },
  };
}
