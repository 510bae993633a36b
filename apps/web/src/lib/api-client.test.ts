import { sessionTokenHeader } from '@linesight/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, onUnauthorized } from './api-client';
import { clearSession, getAuthToken, storeAuthToken } from './session';

/** A fetch whose answer the test gives when it wants: a request still in flight. */
function heldFetch() {
  let answer: (response: Response) => void = () => undefined;
  const sent = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  );
  vi.stubGlobal('fetch', sent);
  return { sent, answer: (response: Response) => answer(response) };
}

const unauthorized = (token?: string): Response =>
  new Response(JSON.stringify({ error: { code: 'SESSION.EXPIRED', message: 'gone' } }), {
    status: 401,
    headers: token ? { [sessionTokenHeader]: token } : {},
  });

/** The browser's cookie jar and session storage, as much of them as session.ts uses. */
function browserStorage() {
  const cookies = new Map<string, string>();
  vi.stubGlobal('document', {
    get cookie(): string {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(written: string) {
      const [pair = '', ...attributes] = written.split('; ');
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('max-age=0')) cookies.delete(name);
      else cookies.set(name, value);
    },
  });
  vi.stubGlobal('window', { location: { protocol: 'http:' } });
  const stored = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
}

describe('answers that arrive after the session changed', () => {
  const listener = vi.fn();
  let stopListening: () => void = () => undefined;

  beforeEach(() => {
    browserStorage();
    clearSession();
    stopListening = onUnauthorized(listener);
  });
  afterEach(() => {
    stopListening();
    listener.mockReset();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('should send the session to sign-out on a 401 to a request made in it', async () => {
    storeAuthToken('old-token');
    const { answer } = heldFetch();
    const call = apiRequest('/api/anything');
    answer(unauthorized());
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledWith(401);
  });

  it('should not send to sign-out again for a 401 whose body was read while signing out', async () => {
    storeAuthToken('old-token');
    const { answer } = heldFetch();
    const call = apiRequest('/api/anything');
    const response = unauthorized();
    const read = response.text.bind(response);
    // The sign-out ends the session between the answer's arrival and the end of its body.
    vi.spyOn(response, 'text').mockImplementation(async () => {
      clearSession();
      return read();
    });
    answer(response);
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
  });

  it('should not sign out a new session for a 401 to a request of the old one', async () => {
    storeAuthToken('old-token');
    const { answer } = heldFetch();
    const call = apiRequest('/api/anything');
    storeAuthToken('new-token');
    answer(unauthorized('old-token'));
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
    expect(getAuthToken()).toBe('new-token');
  });

  it('should not bring back a token after sign-out', async () => {
    storeAuthToken('old-token');
    const { answer } = heldFetch();
    const call = apiRequest('/api/anything');
    clearSession();
    answer(new Response('{}', { status: 200, headers: { [sessionTokenHeader]: 'old-token' } }));
    await call;
    expect(getAuthToken()).toBeUndefined();
  });

  it('should take the token a sign-in answers', async () => {
    const { answer } = heldFetch();
    const call = apiRequest('/api/signin');
    answer(new Response('{}', { status: 200, headers: { [sessionTokenHeader]: 'fresh-token' } }));
    await call;
    expect(getAuthToken()).toBe('fresh-token');
  });
});
