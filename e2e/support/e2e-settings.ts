import { tmpdir } from 'node:os';
import path from 'node:path';

/** What the end-to-end server is started with, shared by the tests that sign in. */
export const e2ePort = Number(process.env.E2E_PORT ?? 18080);
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
/**
 * What the server prints once it listens and the shared fleet has reported: Playwright starts
 * the specs on it, not on the health check, so no spec sees a line before its history.
 */
export const e2eReadyLine = 'LineSight e2e: server and fleet ready';
/** Where the server's SMTP sink drops each mail it receives, one JSON file per mail. */
export const mailDir = path.join(tmpdir(), `linesight-e2e-mail-${e2ePort}`);
export const lockoutSeconds = 300;
/**
 * How long a command waits for its gateway's answer (`COMMAND_EXPIRE_SECONDS`): short, so a spec
 * sees a silent gateway's command go TIMEOUT-1 (4 s), TIMEOUT-2 (8 s) and EXPIRED (20 s). Every
 * gateway of the fleet that answers does so within a second or two of its command poll.
 */
export const commandExpireSeconds = 20;

export const passphrase = 'Corr3ct-Horse-Battery';

export const accounts = {
  admin: { email: 'admin@e2e.example', name: 'Administrator' },
  csr: { email: 'csr@e2e.example', name: 'Carl Support' },
  mustChange: { email: 'fresh@e2e.example', name: 'Fresh Admin' },
  forgetful: { email: 'forgetful@e2e.example', name: 'Fiona Forgetful' },
  changer: { email: 'changer@e2e.example', name: 'Chris Changer' },
} as const;

/** Accounts that tests lock or misuse, one per test so parallel tests never meet. */
export const disposableAccounts = ['lockout@e2e.example', 'wrong@e2e.example'] as const;

/**
 * A consumer session seeded directly, for specs that need a consumer without signing in. Its
 * lines are the fleet's dslLine and fibreLine (fleet.ts), in the order the server lists them.
 */
export const consumerSession = {
  token: 'e2e-consumer-session-token-not-a-secret-000000',
  user: {
    email: 'consumer@e2e.example',
    name: 'Connie Consumer',
    linesOfService: ['FLEET-LOS-DSL', 'FLEET-LOS-FIBRE'],
  },
} as const;

/**
 * The single sign-on tests run against a second portal, configured for OpenID Connect, and an
 * OpenID provider (oidc-provider) the tests start: a portal is in one sign-in mode at a time.
 */
export const ssoPort = e2ePort + 1;
export const ssoBaseUrl = `http://127.0.0.1:${ssoPort}`;
export const identityProviderPort = e2ePort + 2;
export const identityProviderUrl = `http://127.0.0.1:${identityProviderPort}`;
export const ssoClient = {
  clientId: 'linesight-e2e',
  clientSecret: 'e2e-client-secret-0123456789',
};
/** The provider's users: any login works; these names get a portal role, others get none. */
export const ssoStaff = { ada: ['linesight-csr'], grace: ['linesight-admins'] } as const;
