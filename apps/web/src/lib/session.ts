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
  /** cahUser for local accounts, sso for single sign-on. */
  signInMode: string | undefined;
}

const listeners = new Set<() => void>();
let snapshot: SessionState = readState();

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
  return snapshot;
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
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
  writeCookie(cookieNames.signInMode, 'cahUser', cookieLifetimes.signInMode);
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

export function getRememberedUsername(): string | undefined {
  return readCookie(cookieNames.username);
}

export function rememberUsername(username: string | null): void {
  if (username) writeCookie(cookieNames.username, username, cookieLifetimes.username);
  else deleteCookie(cookieNames.username);
}
