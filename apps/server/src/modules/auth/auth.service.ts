import { createHash, randomBytes } from 'node:crypto';
import type { Role, SessionUser, SignInMode } from '@linesight/contract';
import type { Clock } from '../../clock';
import type { AuthContext } from '../../http/access';
import type { UserRecord, UsersRepository } from '../users/users.repository';
import type { AuthRepository } from './auth.repository';
import type { PassphraseHasher } from './passphrase-hasher';

export interface AuthSettings {
  lockout: { maxFailures: number; seconds: number };
  session: { idleSeconds: number; maxSeconds: number };
}

export type SignInResult =
  | { outcome: 'signed-in'; token: string; user: SessionUser }
  | { outcome: 'refused'; isLockedOut: boolean };

/** `last_seen_at` is written at most this often, so a burst of calls costs one write. */
const touchIntervalMs = 30_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The role a user presents: a pending passphrase change hides every other right. */
export function effectiveRole(user: Pick<UserRecord, 'role' | 'mustChangePassphrase'>): Role {
  return user.mustChangePassphrase ? 'MustChangePassphrase' : user.role;
}

/** What a session adds to its user: a consumer's lines, a single sign-on's token and logout. */
export interface SessionExtras {
  linesOfService: string[];
  idToken: string | null;
  ssoLogoutUrl: string | null;
}

const noExtras: SessionExtras = { linesOfService: [], idToken: null, ssoLogoutUrl: null };

export function toSessionUser(user: UserRecord, extras: SessionExtras = noExtras): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: effectiveRole(user),
    ...extras,
  };
}

/** Checks a sign-in's credentials: the account they open, or null. */
export type CredentialCheck = () => Promise<UserRecord | null>;

export class AuthService {
  constructor(
    private readonly auth: AuthRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PassphraseHasher,
    private readonly clock: Clock,
    private readonly settings: AuthSettings,
  ) {}

  get lockoutSeconds(): number {
    return this.settings.lockout.seconds;
  }

  /**
   * Signs a staff user in by e-mail and passphrase. An unknown address costs the same hashing
   * work as a wrong passphrase, so the answer never tells whether an account exists.
   */
  async signIn(email: string, passphrase: string): Promise<SignInResult> {
    return this.signInGuarded(email.toLowerCase(), 'cahUser', async () => {
      const user = await this.users.findByEmail(email);
      const staff = user && user.role !== 'Consumer' ? user : undefined;
      const accepted = staff
        ? await this.hasher.verify(staff.passphraseHash, passphrase)
        : await this.hasher.verifyNothing(passphrase);
      return accepted && staff ? staff : null;
    });
  }

  /**
   * Signs in through `check`, with the lockout every sign-in shares: attempts are counted per
   * key (an e-mail, a consumer's user name) whether or not an account has it, and while locked
   * even the right credentials are refused. An attempt takes its place in the count before its
   * credentials are checked, so attempts sent at once are held to the same budget as attempts
   * sent one after another: no more than `maxFailures` guesses are ever checked before the
   * lock, and right credentials that arrive among that many guesses are refused with them.
   */
  async signInGuarded(
    key: string,
    signInMode: SignInMode | 'consumer',
    check: CredentialCheck,
  ): Promise<SignInResult> {
    const { maxFailures, seconds } = this.settings.lockout;
    const now = this.clock.now();
    const attempt = await this.auth.reserveSignInAttempt(key, now);
    if ((attempt.lockedUntil && attempt.lockedUntil > now) || attempt.failedCount > maxFailures) {
      return { outcome: 'refused', isLockedOut: true };
    }
    const user = await check();
    if (!user) {
      const lockedUntil = new Date(now.getTime() + seconds * 1000);
      const settled = await this.auth.settleFailedSignIn(key, now, maxFailures, lockedUntil);
      return { outcome: 'refused', isLockedOut: settled.lockedUntil !== null };
    }
    if (!(await this.auth.settleRightSignIn(key, now, maxFailures))) {
      return { outcome: 'refused', isLockedOut: true };
    }
    return this.startSession(user, signInMode);
  }

  /** Opens a session for a user whose credentials were checked elsewhere (single sign-on). */
  async startSession(
    user: UserRecord,
    signInMode: SignInMode | 'consumer',
    sso: { idToken: string; ssoLogoutUrl: string | null } | null = null,
  ): Promise<SignInResult & { outcome: 'signed-in' }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.auth.insertSession({
      tokenHash: hashToken(token),
      userId: user.id,
      signInMode,
      idToken: sso?.idToken ?? null,
      ssoLogoutUrl: sso?.ssoLogoutUrl ?? null,
      createdAt: now,
      lastSeenAt: now,
    });
    const linesOfService = user.subscriberId
      ? await this.auth.linesOfSubscriber(user.subscriberId)
      : [];
    return {
      outcome: 'signed-in',
      token,
      user: toSessionUser(user, {
        linesOfService,
        idToken: sso?.idToken ?? null,
        ssoLogoutUrl: sso?.ssoLogoutUrl ?? null,
      }),
    };
  }

  /**
   * The session a token names, if it is still alive: not idle for longer than the idle timeout
   * and not older than the absolute lifetime. An expired session is deleted on sight.
   */
  async resolveSession(token: string): Promise<AuthContext | null> {
    const tokenHash = hashToken(token);
    const found = await this.auth.findSessionWithUser(tokenHash);
    if (!found) return null;
    const now = this.clock.now().getTime();
    const { session, user } = found;
    const idleFor = now - session.lastSeenAt.getTime();
    const age = now - session.createdAt.getTime();
    if (
      idleFor >= this.settings.session.idleSeconds * 1000 ||
      age >= this.settings.session.maxSeconds * 1000
    ) {
      await this.auth.deleteSession(tokenHash);
      return null;
    }
    if (idleFor >= touchIntervalMs) await this.auth.touchSession(tokenHash, new Date(now));
    const linesOfService = user.subscriberId
      ? await this.auth.linesOfSubscriber(user.subscriberId)
      : [];
    return {
      token,
      user: toSessionUser(user, {
        linesOfService,
        idToken: session.idToken,
        ssoLogoutUrl: session.ssoLogoutUrl,
      }),
      signInMode: session.signInMode,
    };
  }

  async signOut(token: string): Promise<void> {
    await this.auth.deleteSession(hashToken(token));
  }

  async deleteExpiredSessions(): Promise<number> {
    const now = this.clock.now().getTime();
    return this.auth.deleteExpiredSessions(
      new Date(now - this.settings.session.idleSeconds * 1000),
      new Date(now - this.settings.session.maxSeconds * 1000),
    );
  }
}
