/**
 * What the client keeps between page loads (seed 000 section 3, "Client-side stored items"):
 * cookies for the auth token, user, username, sign-in mode, current line of service and
 * requested URL; local storage for the language. The screens that keep page sizes, users per
 * page and the hide-map flag add their keys here.
 */
export const cookieNames = {
  authToken: 'ls_auth_token',
  user: 'ls_user',
  username: 'ls_username',
  signInMode: 'ls_sign_in_mode',
  currentLineOfService: 'ls_current_los',
  requestedUrl: 'ls_requested_url',
} as const;
export type CookieName = (typeof cookieNames)[keyof typeof cookieNames];

/** Held for the tab only; cleared at sign-out with the rest of the session. */
export const sessionStorageKeys = {
  supportInformation: 'ls_support_information',
  searchPage: 'ls_search_page',
} as const;

export const localStorageKeys = {
  language: 'ls_language',
} as const;

const day = 24 * 60 * 60;
export const cookieLifetimes = {
  username: 30 * day,
  signInMode: day,
} as const;

export function readCookie(name: CookieName): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** A cookie for the whole site; without `maxAgeSeconds` it ends with the browser session. */
export function writeCookie(name: CookieName, value: string, maxAgeSeconds?: number): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Strict'];
  if (maxAgeSeconds !== undefined) parts.push(`max-age=${maxAgeSeconds}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: CookieName): void {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Strict`;
}
