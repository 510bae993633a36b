import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { ApiError } from '../../http/api-error';
import type { AuthService, SignInResult } from '../auth/auth.service';
import type { UsersRepository } from '../users/users.repository';
import type { SsoRepository } from './sso.repository';

/** OpenID Connect settings (OIDC_* in the environment); without them the portal uses local accounts. */
export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The sign-in page, where the provider sends the browser back with code and state. */
  redirectUri: string;
  /** The sso-signed-out page, where the provider's logout sends the browser. */
  postLogoutRedirectUri: string;
  /** The ID-token claim holding the user's groups or roles, and the values that make each role. */
  roleClaim: string;
  adminValues: string[];
  csrValues: string[];
  /** Plain-http issuers are refused unless this is set (a provider on localhost, in tests). */
  allowHttpIssuer: boolean;
}

/** An attempt between step 1 and step 2 keeps this long. */
const attemptMinutes = 10;

const signInFailed = (message: string) => new ApiError(401, 'SSO.SIGN_IN_FAILED', message);

/** The stored role the claim's values grant: Admin over CSR; null for neither. */
export function roleFromClaim(
  value: unknown,
  settings: Pick<SsoSettings, 'adminValues' | 'csrValues'>,
): 'Admin' | 'CSR' | null {
  const values = (
    Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[ ,]+/) : []
  ).filter((entry): entry is string => typeof entry === 'string');
  if (values.some((entry) => settings.adminValues.includes(entry))) return 'Admin';
  if (values.some((entry) => settings.csrValues.includes(entry))) return 'CSR';
  return null;
}

/**
 * Staff single sign-on, OpenID Connect authorization code flow with PKCE, state and nonce
 * (through openid-client). Step 1 stores the attempt's secrets under its state and answers the
 * provider's authorization address; step 2 takes the attempt back by state (once), exchanges the
 * code with its PKCE verifier, and has the ID token checked: signature, issuer, audience,
 * expiry and nonce. The user is then created or updated from the token's claims.
 */
export class SsoService {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: SsoSettings | null,
    private readonly repository: SsoRepository,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.settings !== null;
  }

  /** The provider's metadata and keys, discovered once; a failed discovery is tried again. */
  private discovered(settings: SsoSettings): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.allowHttpIssuer ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = null;
        throw error;
      });
    return this.configuration;
  }

  private required(): SsoSettings {
    if (!this.settings) {
      throw new ApiError(400, 'SSO.NOT_CONFIGURED', 'Single sign-on is not configured.');
    }
    return this.settings;
  }

  /** Step 1: a fresh authorization address, or undefined when single sign-on is off. */
  async authorizationUrl(): Promise<string | undefined> {
    if (!this.settings) return undefined;
    const settings = this.settings;
    const configuration = await this.discovered(settings);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const now = this.clock.now();
    await this.repository.deleteAttemptsBefore(new Date(now.getTime() - attemptMinutes * 60_000));
    await this.repository.insertAttempt({ state, nonce, codeVerifier, createdAt: now });
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /** Step 2: the code and state the provider sent back become a session, or a 401. */
  async signIn(code: string, state: string, iss: string | undefined): Promise<SignInResult> {
    const settings = this.required();
    const attempt = await this.repository.takeAttempt(state);
    const stale = new Date(this.clock.now().getTime() - attemptMinutes * 60_000);
    if (!attempt || attempt.createdAt < stale) {
      throw signInFailed('This sign-in attempt is unknown or has expired; try again.');
    }
    const configuration = await this.discovered(settings);
    const callback = new URL(settings.redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', state);
    if (iss !== undefined) callback.searchParams.set('iss', iss);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      // The provider's or the library's reason, for the log only: the user gets a plain refusal.
      this.log.warn({ err: error }, 'single sign-on refused');
      throw signInFailed('The identity provider’s answer could not be verified.');
    }
    const claims = tokens.claims();
    const idToken = tokens.id_token;
    if (!claims || !idToken) throw signInFailed('The identity provider sent no ID token.');
    const email = typeof claims.email === 'string' ? claims.email : null;
    if (!email) throw signInFailed('The identity provider did not give an e-mail address.');
    // Accounts are matched by e-mail: an address the provider says it has not verified could
    // be anyone's, so it opens nothing.
    if (claims.email_verified === false) {
      throw signInFailed('The identity provider has not verified this e-mail address.');
    }
    const role = roleFromClaim(claims[settings.roleClaim], settings);
    if (!role) {
      throw new ApiError(401, 'SSO.NOT_PERMITTED', 'Your account may not use this portal.');
    }
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name : email;
    const user = await this.users.upsertSsoUser(email, name, role, this.clock.now());
    if (!user) {
      throw new ApiError(401, 'SSO.NOT_PERMITTED', 'Your account may not use this portal.');
    }
    const ssoLogoutUrl = configuration.serverMetadata().end_session_endpoint
      ? oidc
          .buildEndSessionUrl(configuration, {
            id_token_hint: idToken,
            post_logout_redirect_uri: settings.postLogoutRedirectUri,
          })
          .toString()
      : settings.postLogoutRedirectUri;
    return this.auth.startSession(user, 'sso', { idToken, ssoLogoutUrl });
  }
}
