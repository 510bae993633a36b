import type { CwmpAgent, SessionEnd } from './agent';
import { type AcsEnvelope, readAcsEnvelope, SoapReadError } from './soap';

/**
 * One CWMP session over HTTP, the CPE's side (TR-069 3.4 and 3.7): POST the Inform, take the
 * InformResponse, POST empty (the gateway has no request of its own), then answer each request
 * the ACS sends in the body of its HTTP response until an empty answer (204) ends the session.
 * The ACS's cookies are kept for the session and sent back with every POST.
 */

export type SessionOutcome =
  | ({ status: 'done'; requests: number } & SessionEnd)
  /** The ACS answered 401: the URL is not (or no longer) this line's. */
  | { status: 'revoked' }
  | ({ status: 'failed'; error: string } & SessionEnd);

export interface SessionOptions {
  /** The session's time, epoch seconds: what the gateway reports. */
  at: number;
  /** Failed attempts since the last successful session (the Inform's RetryCount). */
  retryCount: number;
  signal?: AbortSignal;
  /** How long one HTTP exchange may take (default 30 s). */
  requestTimeoutMs?: number;
}

/** Past this, the ACS is looping: the session is ended as failed. */
const maxExchanges = 2000;

class SessionFailure extends Error {}

export async function runSession(
  agent: CwmpAgent,
  options: SessionOptions,
): Promise<SessionOutcome> {
  const http = new SessionHttp(agent.acsUrl, options);
  let requests = 0;
  try {
    const inform = agent.beginSession(options.at, options.retryCount);
    const first = await http.post(inform);
    if (first.status === 401) {
      agent.endSession();
      return { status: 'revoked' };
    }
    const informResponse = expectEnvelope(first);
    if (informResponse.message.kind === 'fault') {
      const { faultCode, faultString } = informResponse.message.fault;
      throw new SessionFailure(`the ACS refused the Inform: ${faultCode} ${faultString}`);
    }
    if (informResponse.message.kind !== 'InformResponse') {
      throw new SessionFailure(`the ACS answered the Inform with ${informResponse.message.kind}`);
    }
    agent.informAccepted();
    // With no request of its own (HoldRequests or not), the gateway hands over at once.
    let answer = await http.post('');
    for (let exchange = 0; ; exchange += 1) {
      if (exchange >= maxExchanges) throw new SessionFailure('the ACS never ended the session');
      if (answer.status === 204 || (answer.status === 200 && answer.body.trim() === '')) break;
      const envelope = expectEnvelope(answer);
      if (envelope.message.kind === 'request') {
        requests += 1;
        answer = await http.post(agent.answer(envelope));
      } else {
        answer = await http.post('');
      }
    }
    return { status: 'done', requests, ...agent.endSession() };
  } catch (error) {
    const message =
      error instanceof SessionFailure || error instanceof SoapReadError
        ? error.message
        : describeError(error);
    return { status: 'failed', error: message, ...agent.endSession() };
  }
}

function expectEnvelope(answer: { status: number; body: string }): AcsEnvelope {
  if (answer.status !== 200) {
    throw new SessionFailure(
      `the ACS answered ${answer.status} ${answer.body.slice(0, 200)}`.trim(),
    );
  }
  return readAcsEnvelope(answer.body);
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${error.message} (${cause.code})` : error.message;
}

/** The HTTP side of a session: one ACS URL, its cookies, a timeout per exchange. */
class SessionHttp {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly url: string,
    private readonly options: SessionOptions,
  ) {}

  async post(body: string): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = {};
    if (body !== '') {
      headers['content-type'] = 'text/xml; charset="utf-8"';
      headers.soapaction = '';
    }
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs ?? 30_000);
    const response = await fetch(this.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const equals = pair.indexOf('=');
      if (equals > 0) this.cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
    return { status: response.status, body: await response.text() };
  }
}
