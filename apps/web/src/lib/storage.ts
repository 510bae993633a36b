/**
 * What the client keeps between page loads (seed 000 section 3, "Client-side stored items"):
 * cookies for the auth token, user, username, sign-in mode, current line of service, requested
 * URL and users per page; local storage for the language and each list's page size. The
 * summary's map adds its hide-map key here. The consumer sign-in page keeps its user name in a
 * cookie of its own, so a consumer's user name never fills the staff page's e-mail field.
 */
export const cookieNames = {
  authToken: 'ls_auth_token',
  user: 'ls_user',
  username: 'ls_username',
  consumerUsername: 'ls_consumer_username',
  signInMode: 'ls_sign_in_mode',
  currentLineOfService: 'ls_current_los',
  requestedUrl: 'ls_requested_url',
  usersPerPage: 'ls_users_per_page',
} as const;
export type CookieName = (typeof cookieNames)[keyof typeof cookieNames];

/** Held for the tab only; cleared at sign-out with the rest of the session. */
export const sessionStorageKeys = {
  supportInformation: 'ls_support_information',
  searchPage: 'ls_search_page',
} as const;

export const localStorageKeys = {
  language: 'ls_language',
  pageSizePrefix: 'ls_page_size:',
  /** 'true' while the user keeps the summary's map hidden. */
  hideMap: 'ls_hide_map',
} as const;

const day = 24 * 60 * 60;
export const cookieLifetimes = {
  username: 30 * day,
  signInMode: day,
  usersPerPage: 90 * day,
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
