import { type Role, type SessionUser, sessionUserSchema } from '@linesight/contract';
import { useSyncExternalStore } from 'react';
import {
  cookieLifetimes,
  cookieNames,
  deleteCookie,
  readCookie,
  sessionStorageKeys,
  writeCookie,
} from './storage';
import { signInModeOf } from './sign-in-mode';

/**
 * The signed-in state: authenticated when both a token and a user object are stored (seed 000
 * section 4). Kept in cookies so a reload or a new tab stays signed in.
 */
export interface SessionState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  isConsumer: boolean;
  role: Role | null;
  /** The line of service the Network and Gateway menus open. */
  currentLineOfService: string | undefined;
  /** How this browser signed in: cahUser, sso or consumer (`signInModeOf`). */
  signInMode: string | undefined;
}

const listeners = new Set<() => void>();
// Read on first use, so modules that import this one load where there is no document (tests).
let snapshot: SessionState | undefined;

function readUser(): SessionUser | null {
  const stored = readCookie(cookieNames.user);
  if (!stored) return null;
  try {
    return sessionUserSchema.parse(JSON.parse(stored));
  } catch {
    return null;
  }
}

function readState(): SessionState {
  const user = readUser();
  const isAuthenticated = user !== null && Boolean(readCookie(cookieNames.authToken));
  return {
    user: isAuthenticated ? user : null,
    isAuthenticated,
    isAdmin: isAuthenticated && user?.role === 'Admin',
    isConsumer: isAuthenticated && user?.role === 'Consumer',
    role: isAuthenticated ? (user?.role ?? null) : null,
    currentLineOfService: readCookie(cookieNames.currentLineOfService),
    signInMode: readCookie(cookieNames.signInMode),
  };
}

function changed(): void {
  snapshot = readState();
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  snapshot ??= readState();
  return snapshot;
}

export function useSession(): SessionState {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, getSession);
}

export function getAuthToken(): string | undefined {
  return readCookie(cookieNames.authToken);
}

/** The token rolls with every response; a changed one replaces the stored one. */
export function storeAuthToken(token: string): void {
  if (token === readCookie(cookieNames.authToken)) return;
  writeCookie(cookieNames.authToken, token);
  changed();
}

export function startSession(user: SessionUser): void {
  writeCookie(cookieNames.user, JSON.stringify(user));
  writeCookie(cookieNames.signInMode, signInModeOf(user), cookieLifetimes.signInMode);
  changed();
}

/** Sign-out clears token, user, current line of service, support information and the search page. */
export function clearSession(): void {
  deleteCookie(cookieNames.authToken);
  deleteCookie(cookieNames.user);
  deleteCookie(cookieNames.currentLineOfService);
  sessionStorage.removeItem(sessionStorageKeys.supportInformation);
  sessionStorage.removeItem(sessionStorageKeys.searchPage);
  changed();
}

export function rememberRequestedUrl(url: string): void {
  writeCookie(cookieNames.requestedUrl, url);
}

/** The address stored before sign-in, once: reading it forgets it. */
export function takeRequestedUrl(): string | undefined {
  const url = readCookie(cookieNames.requestedUrl);
  deleteCookie(cookieNames.requestedUrl);
  return url;
}

export function setCurrentLineOfService(losCode: string): void {
  if (readCookie(cookieNames.currentLineOfService) === losCode) return;
  writeCookie(cookieNames.currentLineOfService, losCode);
  changed();
}

/** Staff remember their e-mail, consumers their device-manager user name, each on its own page. */
export type RememberedUsernameKind = 'staff' | 'consumer';

const usernameCookies = {
  staff: cookieNames.username,
  consumer: cookieNames.consumerUsername,
} as const;

export function getRememberedUsername(kind: RememberedUsernameKind): string | undefined {
  return readCookie(usernameCookies[kind]);
}

export function rememberUsername(kind: RememberedUsernameKind, username: string | null): void {
  if (username) writeCookie(usernameCookies[kind], username, cookieLifetimes.username);
  else deleteCookie(usernameCookies[kind]);
}
