import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/**
 * A small OpenID Connect provider over real HTTP for the API tests: discovery, JWKS, an
 * authorization step the test drives directly (no login page), a token endpoint that checks the
 * client secret and the PKCE verifier, and RS256 ID tokens. It can also misbehave on purpose (a
 * wrong nonce, audience or issuer, an expired or unsigned token), which no production provider
 * will do on request: that is what the refusal tests need. The browser tests use oidc-provider.
 */

export interface IdentityClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  roles?: string[];
}

/** How the next ID token goes wrong. */
export interface Tampering {
  nonce?: string;
  audience?: string;
  issuer?: string;
  expiresAt?: number;
  unsigned?: boolean;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * What the provider does when the browser arrives at the authorization address: the code and
   * state it would send back to the redirect URI, for the user with these claims.
   */
  authorize(
    authorizationUrl: string,
    claims: IdentityClaims,
    tampering?: Tampering,
  ): { code: string; state: string };
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  codeChallenge: string;
  claims: IdentityClaims;
  tampering: Tampering;
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

const base64url = (text: string) => Buffer.from(text).toString('base64url');

export async function startTestIdentityProvider(): Promise<TestIdentityProvider> {
  const clientId = 'linesight-test';
  const clientSecret = randomBytes(16).toString('hex');
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  let issuer = '';

  async function idToken(grant: Grant): Promise<string> {
    const { tampering, claims } = grant;
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      ...claims,
      ...(grant.nonce === null ? {} : { nonce: tampering.nonce ?? grant.nonce }),
    };
    if (tampering.unsigned) {
      return `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(
        JSON.stringify({
          ...payload,
          iss: issuer,
          aud: clientId,
          iat: now,
          exp: now + 300,
        }),
      )}.`;
    }
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(tampering.issuer ?? issuer)
      .setAudience(tampering.audience ?? clientId)
      .setSubject(claims.sub)
      .setIssuedAt(now)
      .setExpirationTime(tampering.expiresAt ?? now + 300)
      .sign(privateKey);
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        end_session_endpoint: `${issuer}/logout`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
      return;
    }
    if (url.pathname === '/jwks') {
      json(200, { keys: [jwk] });
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      void formOf(request).then(async (form) => {
        const basic = Buffer.from(
          (request.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        ).toString();
        const [id, secret] = basic.split(':').map((part) => decodeURIComponent(part));
        const authenticated =
          (id === clientId && secret === clientSecret) ||
          (form.get('client_id') === clientId && form.get('client_secret') === clientSecret);
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!authenticated) return json(401, { error: 'invalid_client' });
        if (
          !grant ||
          grant.codeChallenge !== challenge ||
          grant.redirectUri !== form.get('redirect_uri')
        ) {
          return json(400, { error: 'invalid_grant' });
        }
        json(200, {
          access_token: randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: await idToken(grant),
        });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    get issuer() {
      return issuer;
    },
    clientId,
    clientSecret,
    authorize(authorizationUrl, claims, tampering = {}) {
      const query = new URL(authorizationUrl).searchParams;
      if (query.get('client_id') !== clientId || query.get('code_challenge_method') !== 'S256') {
        throw new Error(`not an authorization request for ${clientId} with PKCE`);
      }
      const code = randomBytes(16).toString('hex');
      grants.set(code, {
        clientId,
        redirectUri: query.get('redirect_uri') ?? '',
        nonce: query.get('nonce'),
        codeChallenge: query.get('code_challenge') ?? '',
        claims,
        tampering,
      });
      return { code, state: query.get('state') ?? '' };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
