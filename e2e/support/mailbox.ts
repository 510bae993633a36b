import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { ReceivedMail } from '../../apps/server/test/smtp-sink';
import { mailDir } from './e2e-settings';

function mailsTo(address: string): ReceivedMail[] {
  return readdirSync(mailDir)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(mailDir, file), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** The newest mail the server's SMTP sink received for this address, waiting for it. */
export async function latestMailTo(address: string, countBefore = 0): Promise<ReceivedMail> {
  await expect
    .poll(() => mailsTo(address).length, { timeout: 15_000 })
    .toBeGreaterThan(countBefore);
  const mails = mailsTo(address);
  const mail = mails[mails.length - 1];
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

export function mailCountTo(address: string): number {
  return mailsTo(address).length;
}

/** The path of the reset link in a mail: /reset-forgot-passphrase/{token}. */
export function resetLinkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/[^/\s"]+(\/reset-forgot-passphrase\/[\w-]+)/.exec(mail.raw);
  if (!match?.[1]) throw new Error('the mail holds no reset link');
  return match[1];
}
