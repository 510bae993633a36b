/**
 * Starts an OpenID provider (oidc-provider, with its development login page: any user name and
 * passphrase sign in) and a second portal configured to sign staff in through it, for the
 * single sign-on tests. Users named in `ssoStaff` carry a role claim; anyone else has none, so
 * their sign-in fails with SSO.NOT_PERMITTED.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { openDatabase } from '../../apps/server/src/db/client';
import { migratedTemplate } from '../../apps/server/test/pglite-template';
import {
  identityProviderPort,
  identityProviderUrl,
  ssoBaseUrl,
  ssoClient,
  ssoPort,
  ssoStaff,
} from './e2e-settings';

const provider = new Provider(identityProviderUrl, {
  clients: [
    {
      client_id: ssoClient.clientId,
      client_secret: ssoClient.clientSecret,
      redirect_uris: [`${ssoBaseUrl}/`],
      post_logout_redirect_uris: [`${ssoBaseUrl}/sso-signed-out`],
      response_types: ['code'],
      grant_types: ['authorization_code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email'], profile: ['name', 'roles'] },
  // The portal reads the user's claims from the ID token.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  cookies: { keys: ['linesight-e2e-cookie-key'] },
  findAccount: (_context: KoaContextWithOIDC, id: string) => ({
    accountId: id,
    claims: () => ({
      sub: id,
      email: `${id}@sso.example`,
      name: id.charAt(0).toUpperCase() + id.slice(1),
      roles: [...((ssoStaff as Record<string, readonly string[]>)[id] ?? [])],
    }),
  }),
  // The portal is a first-party client: no consent screen.
  loadExistingGrant: async (context: KoaContextWithOIDC) => {
    const accountId = context.oidc.session?.accountId;
    const clientId = context.oidc.client?.clientId;
    if (!accountId || !clientId) return undefined;
    const grant = new context.oidc.provider.Grant({ clientId, accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});
await new Promise<void>((resolve) => provider.listen(identityProviderPort, '127.0.0.1', resolve));

// The portal's database starts from the migrated dump (pglite-template.ts), not an initdb.
const dataDir = mkdtempSync(path.join(tmpdir(), 'linesight-e2e-sso-'));
await (await openDatabase({ kind: 'pglite', dataDir, template: await migratedTemplate() })).close();

Object.assign(process.env, {
  PUBLIC_URL: ssoBaseUrl,
  PORT: String(ssoPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  OIDC_ISSUER: identityProviderUrl,
  OIDC_CLIENT_ID: ssoClient.clientId,
  OIDC_CLIENT_SECRET: ssoClient.clientSecret,
  OIDC_ADMIN_ROLES: 'linesight-admins',
  OIDC_CSR_ROLES: 'linesight-csr',
  OIDC_ALLOW_HTTP: 'true',
  ADMIN_EMAIL: 'break-glass@sso.example',
  ADMIN_PASSPHRASE: 'Quiet-Lantern-Orbit-7',
  DEMO_GATEWAYS: '0',
  LOG_LEVEL: 'warn',
});
delete process.env.DATABASE_URL;
await import('../../apps/server/src/server');
