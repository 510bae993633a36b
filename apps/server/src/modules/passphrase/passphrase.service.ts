import { randomBytes } from 'node:crypto';
import {
  type Brand,
  defaultBrand,
  firstBrokenPassphraseRule,
  providerBrands,
  type SendResetPassphraseLinkRequest,
  type SessionUser,
} from '@linesight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { ApiError, forbidden } from '../../http/api-error';
import type { AuthContext } from '../../http/access';
import type { AuthRepository } from '../auth/auth.repository';
import { hashToken, toSessionUser } from '../auth/auth.service';
import type { PassphraseHasher } from '../auth/passphrase-hasher';
import type { Mailer } from '../mail/mailer';
import type { UserRecord, UsersRepository } from '../users/users.repository';
import type { PassphraseRepository } from './passphrase.repository';
import { composeResetMail, type MailLanguage } from './reset-mail';

export interface PassphraseSettings {
  publicUrl: string;
  tokenMinutes: number;
  requestsPerAddressPerHour: number;
}

/** Throws the first passphrase rule broken, as a 400 whose code is the rule's message key. */
export function assertPassphrasePolicy(
  passphrase: string,
  user: { name: string; email: string },
): void {
  const broken = firstBrokenPassphraseRule(passphrase, user);
  if (broken)
    throw new ApiError(400, broken, 'The new passphrase does not meet the passphrase policy.');
}

/**
 * The e-mail's brand is one of ours, matched by the names the client sent; a payload naming no
 * known brand gets the default, so nobody can mail someone else words of their own choosing.
 */
export function brandNamed(
  request: Pick<SendResetPassphraseLinkRequest, 'productName' | 'companyName'>,
): Brand {
  return (
    [defaultBrand, ...providerBrands].find(
      (brand) =>
        brand.productName === request.productName && brand.companyName === request.companyName,
    ) ?? defaultBrand
  );
}

const tokenInvalid = (): ApiError =>
  new ApiError(
    401,
    'FORGOT_PASSPHRASE_TOKEN_EXPIRED_MESSAGE',
    'The reset link has expired or was already used.',
  );

export class PassphraseService {
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    private readonly passphrases: PassphraseRepository,
    private readonly users: UsersRepository,
    private readonly auth: AuthRepository,
    private readonly hasher: PassphraseHasher,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly settings: PassphraseSettings,
  ) {}

  /**
   * Sends a reset link to a staff account with this e-mail. The answer is the same whether or not
   * one exists, and so is the work done before it: requests are counted per address, known or
   * not, and refused past the hourly limit; looking the account up, issuing its token and the
   * mail wait for `answered` (the answer having left), so the time the answer takes tells
   * nothing either. PGlite runs queries on the server's thread: the lookup and the insert,
   * started at once, delayed a known address's answer by some 3 ms.
   */
  async requestReset(
    request: SendResetPassphraseLinkRequest,
    language: MailLanguage,
    answered: Promise<void>,
  ): Promise<void> {
    const emailKey = request.email.toLowerCase();
    const now = this.clock.now();
    const requests = await this.passphrases.recordResetRequest(
      emailKey,
      now,
      new Date(now.getTime() - 3_600_000),
    );
    if (requests > this.settings.requestsPerAddressPerHour) {
      throw new ApiError(
        429,
        'REQUEST.RATE_LIMITED',
        'Too many reset requests for this address; try again later.',
      );
    }
    const delivery = answered
      .then(() => this.sendResetLink(emailKey, now, request, language))
      .catch((error: unknown) =>
        this.log.error({ err: error }, 'the reset e-mail could not be sent'),
      )
      .finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
  }

  /** Issues a reset token to the staff account with this e-mail, if any, and mails its link. */
  private async sendResetLink(
    emailKey: string,
    now: Date,
    request: SendResetPassphraseLinkRequest,
    language: MailLanguage,
  ): Promise<void> {
    const user = await this.users.findByEmail(emailKey);
    if (!user || user.role === 'Consumer') return;

    const token = randomBytes(32).toString('base64url');
    await this.passphrases.discardUnusedResetTokens(user.id, now);
    await this.passphrases.insertResetToken({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.settings.tokenMinutes * 60_000),
    });
    const brand = brandNamed(request);
    await this.mailer.send(
      composeResetMail({
        to: user.email,
        link: `${this.settings.publicUrl}/reset-forgot-passphrase/${token}`,
        minutes: this.settings.tokenMinutes,
        brand,
        logoUrl: `${this.settings.publicUrl}${brand.logoUrl}`,
        language,
      }),
    );
  }

  /** Resolves once every reset request under way has been mailed or dropped (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.deliveries]);
  }

  /**
   * Sets a new passphrase with a reset link's token: valid once, until it expires. Success ends
   * every session of the user and clears their failed sign-ins; the answer names the e-mail, so
   * the client can sign in with the new passphrase.
   */
  async resetWithToken(token: string, passphrase: string): Promise<{ email: string }> {
    const tokenHash = hashToken(token);
    const now = this.clock.now();
    const found = await this.passphrases.findResetToken(tokenHash);
    if (!found || found.usedAt || found.expiresAt <= now) throw tokenInvalid();
    const user = await this.users.findById(found.userId);
    if (!user) throw tokenInvalid();
    assertPassphrasePolicy(passphrase, user);

    const passphraseHash = await this.hasher.hash(passphrase);
    if (!(await this.passphrases.consumeResetToken(tokenHash, now))) throw tokenInvalid();
    await this.users.setPassphrase(user.id, passphraseHash, now);
    await this.auth.deleteSessionsOfUser(user.id);
    await this.auth.clearSignInFailures(user.email.toLowerCase());
    return { email: user.email };
  }

  /**
   * A signed-in user changes their own passphrase. The current one must be right (401 otherwise)
   * and the new one different and within the policy. Every other session of the user ends.
   */
  async change(
    caller: AuthContext,
    email: string,
    oldPassphrase: string,
    newPassphrase: string,
  ): Promise<SessionUser> {
    if (email.toLowerCase() !== caller.user.email.toLowerCase()) throw forbidden();
    const user: UserRecord | undefined = await this.users.findById(caller.user.id);
    if (!user) throw forbidden();
    if (!(await this.hasher.verify(user.passphraseHash, oldPassphrase))) {
      throw new ApiError(
        401,
        'USER_MANAGEMENT_INCORRECT_PASSPHRASE',
        'Incorrect current passphrase.',
      );
    }
    if (newPassphrase === oldPassphrase) {
      throw new ApiError(
        400,
        'USER_MANAGEMENT_PASSPHRASE_SHOULD_NOT_MATCH_CURRENT',
        'The new passphrase must differ from the current one.',
      );
    }
    assertPassphrasePolicy(newPassphrase, user);
    await this.users.setPassphrase(
      user.id,
      await this.hasher.hash(newPassphrase),
      this.clock.now(),
    );
    await this.auth.deleteSessionsOfUser(user.id, hashToken(caller.token));
    return toSessionUser({ ...user, mustChangePassphrase: false });
  }
}
