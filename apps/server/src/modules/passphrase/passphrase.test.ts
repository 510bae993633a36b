import { readdir, readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTokenIn, type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import {
  createTestApp,
  createUser,
  signIn,
  signedInToken,
  strongPassphrase,
  type TestApp,
  ping,
} from '../../../test/test-app';
import { brandNamed } from './passphrase.service';
import { mailLanguageOf } from './reset-mail';

const northwindPayload = (email: string) => ({
  email,
  productName: 'Northwind Care Portal',
  btnBrandPrimary: '#0b7285',
  navBackgroundColor: '#0b3d4f',
  navTextColor: '#e3fafc',
  brandLogoRelativeURL: '/brands/northwind/logo.svg',
  companyName: 'Northwind Broadband',
});

const newPassphrase = 'Fresh-Meadow-Lark-8';

describe('passphrase lifecycle', () => {
  let sut: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    sut = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://portal.example.com',
      RESET_REQUESTS_PER_ADDRESS_PER_HOUR: '3',
      FORGOT_RATE_LIMIT_PER_MINUTE: '1000',
    });
  });
  afterAll(async () => {
    await sut.close();
    await smtp.close();
  });

  const sendLink = (payload: object, headers: Record<string, string> = {}) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/user/v1/sendResetPassphraseLink',
      payload,
      headers,
    });
  const resetWith = (token: string, passphrase: string) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/user/v1/changePassphraseWithToken',
      payload: { token, passphrase },
    });

  async function mailedToken(email: string, headers: Record<string, string> = {}): Promise<string> {
    expect((await sendLink(northwindPayload(email), headers)).statusCode).toBe(204);
    await sut.app.services.passphrase.settled();
    return resetTokenIn(await smtp.takeMailTo(email));
  }

  describe('POST /api/user/v1/sendResetPassphraseLink', () => {
    it('should mail a branded link to reset-forgot-passphrase/{token} on the public address', async () => {
      await createUser(sut, { email: 'forgetful@example.com', name: 'Fay Forgetful' });
      expect((await sendLink(northwindPayload('Forgetful@Example.com'))).statusCode).toBe(204);
      await sut.app.services.passphrase.settled();
      const mail = await smtp.takeMailTo('forgetful@example.com');
      expect(mail.raw).toContain('https://portal.example.com/reset-forgot-passphrase/');
      expect(mail.raw).toContain('Subject: Reset your Northwind Care Portal passphrase');
      expect(mail.raw).toContain('https://portal.example.com/brands/northwind/logo.svg');
      expect(mail.raw).toContain('background:#0b3d4f');
      expect(mail.raw).toContain('Northwind Broadband');
      expect(resetTokenIn(mail)).toMatch(/^[\w-]{43}$/);
    });

    it('should write the mail in the language the browser asks for', async () => {
      await createUser(sut, { email: 'olvidadizo@example.com' });
      await sendLink(northwindPayload('olvidadizo@example.com'), {
        'accept-language': 'es-MX,es;q=0.9',
      });
      await sut.app.services.passphrase.settled();
      const mail = await smtp.takeMailTo('olvidadizo@example.com');
      expect(mail.raw).toContain('Restablecer frase de contraseña');
    });

    it('should answer an unknown address exactly as a known one, and send nothing', async () => {
      await createUser(sut, { email: 'known@example.com' });
      const known = await sendLink(northwindPayload('known@example.com'));
      const unknown = await sendLink(northwindPayload('unknown@example.com'));
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      await sut.app.services.passphrase.settled();
      await smtp.takeMailTo('known@example.com');
      expect(smtp.mails.some((mail) => mail.to.includes('unknown@example.com'))).toBe(false);
    });

    it('should brand with the default brand when the payload names no known brand', async () => {
      expect(brandNamed({ productName: 'Totally Your Bank', companyName: 'Evil Corp' }).id).toBe(
        'linesight',
      );
      await createUser(sut, { email: 'phished@example.com' });
      await sendLink({
        ...northwindPayload('phished@example.com'),
        productName: 'Totally Your Bank',
      });
      await sut.app.services.passphrase.settled();
      const mail = await smtp.takeMailTo('phished@example.com');
      expect(mail.raw).not.toContain('Totally Your Bank');
      expect(mail.raw).toContain('Reset your LineSight passphrase');
    });

    it('should limit requests per address, known or not, with 429', async () => {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await sendLink(northwindPayload('spammed@example.com'))).statusCode);
      }
      expect(statuses).toEqual([204, 204, 204, 429]);
      sut.clock.advanceSeconds(3601);
      expect((await sendLink(northwindPayload('spammed@example.com'))).statusCode).toBe(204);
    });

    it.each([
      ['an invalid e-mail', { ...northwindPayload('x'), email: 'not-an-email' }],
      [
        'a logo on another site',
        {
          ...northwindPayload('a@example.com'),
          brandLogoRelativeURL: 'https://evil.example/x.png',
        },
      ],
      [
        'a colour that is not one',
        { ...northwindPayload('a@example.com'), btnBrandPrimary: 'red;background:url(x)' },
      ],
    ])('should answer 400 REQUEST.INVALID for %s', async (_name, payload) => {
      const response = await sendLink(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('REQUEST.INVALID');
    });
  });

  describe('POST /api/user/v1/changePassphraseWithToken', () => {
    it('should set the new passphrase, answer the e-mail and let the user sign in with it', async () => {
      await createUser(sut, { email: 'resetter@example.com', name: 'Rita Resetter' });
      const oldSession = await signedInToken(sut, 'resetter@example.com');
      const token = await mailedToken('resetter@example.com');

      const response = await resetWith(token, newPassphrase);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email: 'resetter@example.com' });
      expect((await signIn(sut.app, 'resetter@example.com', newPassphrase)).statusCode).toBe(200);
      expect((await signIn(sut.app, 'resetter@example.com', strongPassphrase)).statusCode).toBe(
        401,
      );
      const afterwards = await ping(sut.app, oldSession);
      expect(afterwards.statusCode).toBe(401);
    });

    it('should refuse a token a second time', async () => {
      await createUser(sut, { email: 'twice@example.com' });
      const token = await mailedToken('twice@example.com');
      expect((await resetWith(token, newPassphrase)).statusCode).toBe(200);
      const again = await resetWith(token, 'Another-Fine-Day-7');
      expect(again.statusCode).toBe(401);
      expect(again.json().error.code).toBe('FORGOT_PASSPHRASE_TOKEN_EXPIRED_MESSAGE');
    });

    it('should refuse a token past 60 minutes', async () => {
      await createUser(sut, { email: 'late@example.com' });
      const token = await mailedToken('late@example.com');
      sut.clock.advanceSeconds(60 * 60);
      const response = await resetWith(token, newPassphrase);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('FORGOT_PASSPHRASE_TOKEN_EXPIRED_MESSAGE');
    });

    it('should refuse a token that was never issued', async () => {
      const response = await resetWith('made-up-token', newPassphrase);
      expect(response.statusCode).toBe(401);
    });

    it('should keep only the latest link working', async () => {
      await createUser(sut, { email: 'clicker@example.com' });
      const first = await mailedToken('clicker@example.com');
      const second = await mailedToken('clicker@example.com');
      expect((await resetWith(first, newPassphrase)).statusCode).toBe(401);
      expect((await resetWith(second, newPassphrase)).statusCode).toBe(200);
    });

    it('should answer a policy breach with the rule as code, keep the token and change nothing', async () => {
      await createUser(sut, { email: 'weak@example.com', name: 'Walter Weak' });
      const token = await mailedToken('weak@example.com');
      const tooShort = await resetWith(token, 'Ab1!');
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json().error.code).toBe('USER_MANAGEMENT_MINIMUM_LENGTH');
      const personal = await resetWith(token, 'Walter#2024xY');
      expect(personal.json().error.code).toBe('USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION');
      expect((await signIn(sut.app, 'weak@example.com')).statusCode).toBe(200);
      expect((await resetWith(token, newPassphrase)).statusCode).toBe(200);
    });
  });

  describe('POST /api/user/v1/changePassphrase', () => {
    const change = (token: string, payload: object) =>
      sut.app.inject({
        method: 'POST',
        url: '/api/user/v1/changePassphrase',
        payload,
        headers: { 'x-cah-token': token },
      });

    it('should change the passphrase, answer the user, and end the user’s other sessions only', async () => {
      await createUser(sut, { email: 'changer@example.com', name: 'Chad Changer' });
      const other = await signedInToken(sut, 'changer@example.com');
      const current = await signedInToken(sut, 'changer@example.com');
      const response = await change(current, {
        email: 'changer@example.com',
        oldPassphrase: strongPassphrase,
        newPassphrase,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: 'changer@example.com', role: 'CSR' });
      expect((await ping(sut.app, current)).statusCode).toBe(200);
      expect((await ping(sut.app, other)).statusCode).toBe(401);
      expect((await signIn(sut.app, 'changer@example.com', newPassphrase)).statusCode).toBe(200);
    });

    it('should answer 401 USER_MANAGEMENT_INCORRECT_PASSPHRASE for a wrong current passphrase, keeping the session', async () => {
      await createUser(sut, { email: 'fumbler@example.com' });
      const token = await signedInToken(sut, 'fumbler@example.com');
      const response = await change(token, {
        email: 'fumbler@example.com',
        oldPassphrase: 'Not-It-At-All-5',
        newPassphrase,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('USER_MANAGEMENT_INCORRECT_PASSPHRASE');
      expect(response.headers['x-cah-token']).toBe(token);
    });

    it('should refuse a new passphrase equal to the current one', async () => {
      await createUser(sut, { email: 'same@example.com' });
      const token = await signedInToken(sut, 'same@example.com');
      const response = await change(token, {
        email: 'same@example.com',
        oldPassphrase: strongPassphrase,
        newPassphrase: strongPassphrase,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe(
        'USER_MANAGEMENT_PASSPHRASE_SHOULD_NOT_MATCH_CURRENT',
      );
    });

    it('should refuse to change someone else’s passphrase with 403', async () => {
      await createUser(sut, { email: 'nosy@example.com' });
      const token = await signedInToken(sut, 'nosy@example.com');
      const response = await change(token, {
        email: 'changer@example.com',
        oldPassphrase: strongPassphrase,
        newPassphrase,
      });
      expect(response.statusCode).toBe(403);
    });

    it('should lift MustChangePassphrase once changed', async () => {
      await createUser(sut, {
        email: 'forced@example.com',
        role: 'Admin',
        mustChangePassphrase: true,
      });
      const signedIn = await signIn(sut.app, 'forced@example.com');
      expect(signedIn.json().role).toBe('MustChangePassphrase');
      const token = String(signedIn.headers['x-cah-token']);
      const response = await change(token, {
        email: 'forced@example.com',
        oldPassphrase: strongPassphrase,
        newPassphrase,
      });
      expect(response.json().role).toBe('Admin');
      expect((await signIn(sut.app, 'forced@example.com', newPassphrase)).json().role).toBe(
        'Admin',
      );
    });

    it('should answer 401 without a session', async () => {
      const response = await sut.app.inject({
        method: 'POST',
        url: '/api/user/v1/changePassphrase',
        payload: { email: 'a@example.com', oldPassphrase: strongPassphrase, newPassphrase },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('AUTH.UNAUTHENTICATED');
    });
  });
});

describe('the outbox, without SMTP', () => {
  it('should write the reset mail as an .eml file under DATA_DIR/outbox', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'linesight-outbox-'));
    const sut = await createTestApp({ DATA_DIR: dataDir });
    await createUser(sut, { email: 'offline@example.com' });
    await sut.app.inject({
      method: 'POST',
      url: '/api/user/v1/sendResetPassphraseLink',
      payload: northwindPayload('offline@example.com'),
    });
    await sut.app.services.passphrase.settled();
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = await readFile(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
    expect(mail).toContain('To: offline@example.com');
    await sut.close();
  });
});

describe(mailLanguageOf.name, () => {
  it('should pick the first of en, es, fr the browser names', () => {
    expect(mailLanguageOf('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(mailLanguageOf('de-DE,es;q=0.5')).toBe('es');
    expect(mailLanguageOf('de-DE')).toBe('en');
    expect(mailLanguageOf(undefined)).toBe('en');
  });
});
