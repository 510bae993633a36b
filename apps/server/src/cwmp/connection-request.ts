/**
 * The ACS's connection request (TR-069 section 3.2.2): an HTTP GET to the gateway's
 * `ConnectionRequestURL` that asks it to open a session now, authenticated with the
 * credentials the ACS set on it. Redirects are not followed (a gateway has no reason to send
 * one, and following it would hand the credentials to another host); nothing is logged, so
 * the password reaches no log.
 */
import { randomBytes } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import {
  type AuthItem,
  digestAlgorithms,
  digestHash,
  digestResponse,
  parseAuthItems,
} from './digest';

export type ConnectionRequestResult = 'accepted' | 'unauthorized' | 'unreachable' | 'failed';

const defaultTimeoutMs = 5000;

/** Network failures that mean the gateway cannot be reached now (it may be behind NAT, off, …). */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

interface DigestChoice {
  challenge: AuthItem;
  /** The algorithm as the challenge named it (absent: MD5 in the RFC 2069 form). */
  named: string | undefined;
  hashName: string;
  session: boolean;
  qop: 'auth' | 'auth-int' | null;
}

function digestChoiceOf(challenge: AuthItem): DigestChoice | null {
  if (challenge.scheme !== 'digest' || !challenge.params.has('nonce')) return null;
  const named = challenge.params.get('algorithm');
  const base = (named ?? 'MD5').toUpperCase().replace(/-SESS$/, '');
  const hashName = digestAlgorithms[base];
  if (!hashName) return null;
  const offered = challenge.params
    .get('qop')
    ?.split(',')
    .map((option) => option.trim());
  const qop = !offered
    ? null
    : offered.includes('auth')
      ? 'auth'
      : offered.includes('auth-int')
        ? 'auth-int'
        : undefined;
  if (qop === undefined) return null;
  return { challenge, named, hashName, session: /-sess$/i.test(named ?? ''), qop };
}

/** The Authorization header answering a Digest challenge (RFC 7616 section 3.4). */
function digestAuthorization(
  choice: DigestChoice,
  credentials: { username: string; password: string },
  uri: string,
): string {
  const { challenge, hashName, qop } = choice;
  const H = (data: string) => digestHash(hashName, data);
  const realm = challenge.params.get('realm') ?? '';
  const nonce = challenge.params.get('nonce') ?? '';
  const cnonce = randomBytes(16).toString('hex');
  const nc = '00000001';
  // The body of a GET is empty; auth-int covers it all the same.
  const response = digestResponse({
    hashName,
    session: choice.session,
    ...credentials,
    realm,
    method: 'GET',
    uri,
    nonce,
    qop,
    nc,
    cnonce,
  });
  const userhash = challenge.params.get('userhash')?.toLowerCase() === 'true';
  const fields = [
    `username=${quoted(userhash ? H(`${credentials.username}:${realm}`) : credentials.username)}`,
    `realm=${quoted(realm)}`,
    `nonce=${quoted(nonce)}`,
    `uri=${quoted(uri)}`,
    ...(choice.named ? [`algorithm=${choice.named}`] : []),
    `response=${quoted(response)}`,
    ...(qop ? [`qop=${qop}`, `nc=${nc}`, `cnonce=${quoted(cnonce)}`] : []),
    ...(challenge.params.has('opaque')
      ? [`opaque=${quoted(challenge.params.get('opaque') ?? '')}`]
      : []),
    ...(userhash ? ['userhash=true'] : []),
  ];
  return `Digest ${fields.join(', ')}`;
}

/**
 * The Authorization header for the strongest challenge this ACS can answer: Digest with the
 * strongest algorithm offered, else Basic; null when none can be answered.
 */
function authorizationFor(
  challenges: AuthItem[],
  credentials: { username: string; password: string },
  uri: string,
): string | null {
  const digests = challenges
    .map(digestChoiceOf)
    .filter((choice): choice is DigestChoice => choice !== null)
    .sort(
      (a, b) =>
        Object.values(digestAlgorithms).indexOf(a.hashName) -
        Object.values(digestAlgorithms).indexOf(b.hashName),
    );
  if (digests[0]) return digestAuthorization(digests[0], credentials, uri);
  if (challenges.some(({ scheme }) => scheme === 'basic')) {
    const pair = Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8');
    return `Basic ${pair.toString('base64')}`;
  }
  return null;
}

/** RFC 7616: the nonce expired, the credentials were right; answer the new one. */
const isStale = (challenge: AuthItem) =>
  challenge.scheme === 'digest' && challenge.params.get('stale')?.toLowerCase() === 'true';

interface Answer {
  status: number;
  challenges: AuthItem[];
}

/** One GET, its body read and thrown away so the connection can carry the next one. */
function get(
  target: URL,
  authorization: string | null,
  agent: HttpAgent,
  signal: AbortSignal,
): Promise<Answer> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'GET',
        agent,
        signal,
        headers: authorization ? { authorization } : {},
      },
      (response: IncomingMessage) => {
        const challenges = parseAuthItems(
          response.rawHeaders.filter(
            (_, index) =>
              index % 2 === 1 &&
              response.rawHeaders[index - 1]?.toLowerCase() === 'www-authenticate',
          ),
        );
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, challenges }));
        response.resume();
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function outcomeOf(status: number): ConnectionRequestResult {
  if (status === 200 || status === 204) return 'accepted';
  return status === 401 ? 'unauthorized' : 'failed';
}

/**
 * Asks the gateway at `url` to open a session now. `accepted`: it answered 200 or 204;
 * `unauthorized`: it refused the credentials (401 after them, or a challenge this ACS cannot
 * answer); `unreachable`: no connection, or no answer within `timeoutMs` (5 s); `failed`:
 * anything else (not an http(s) URL, a redirect, another status, the caller's `signal`).
 */
export async function sendConnectionRequest(
  url: string,
  credentials: { username: string; password: string },
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ConnectionRequestResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'failed';
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'failed';
  // Credentials in the URL would go out as Basic before any challenge: only ours are sent.
  target.username = '';
  target.password = '';
  if (options.signal?.aborted) return 'failed';
  const timeout = AbortSignal.timeout(options.timeoutMs ?? defaultTimeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const agent =
    target.protocol === 'https:'
      ? new HttpsAgent({ keepAlive: true, maxSockets: 1 })
      : new HttpAgent({ keepAlive: true, maxSockets: 1 });
  try {
    const uri = `${target.pathname}${target.search}`;
    let answer = await get(target, null, agent, signal);
    // A second try only when the gateway says the nonce went stale, not the credentials wrong.
    for (let attempt = 0; answer.status === 401 && attempt < 2; attempt++) {
      if (attempt > 0 && !answer.challenges.some(isStale)) break;
      const authorization = authorizationFor(answer.challenges, credentials, uri);
      if (!authorization) break;
      answer = await get(target, authorization, agent, signal);
    }
    return outcomeOf(answer.status);
  } catch (error) {
    if (options.signal?.aborted) return 'failed';
    if (timeout.aborted) return 'unreachable';
    const code = (error as NodeJS.ErrnoException).code;
    return code && unreachableCodes.has(code) ? 'unreachable' : 'failed';
  } finally {
    agent.destroy();
  }
}
