import { useState } from 'react';
import { cookieLifetimes, cookieNames, localStorageKeys, readCookie, writeCookie } from './storage';

export const pageSizeOptions = [10, 25, 50, 100] as const;
export type PageSize = (typeof pageSizeOptions)[number];

interface PageSizeStore {
  read(): string | undefined;
  write(value: string): void;
}

/** Users per page live in a cookie for 90 days (seed 000 section 9). */
export const usersPerPageStore: PageSizeStore = {
  read: () => readCookie(cookieNames.usersPerPage),
  write: (value) => writeCookie(cookieNames.usersPerPage, value, cookieLifetimes.usersPerPage),
};

/** Other lists remember their page size in local storage, each under its own name. */
export function localPageSizeStore(listName: string): PageSizeStore {
  const key = `${localStorageKeys.pageSizePrefix}${listName}`;
  return {
    read: () => localStorage.getItem(key) ?? undefined,
    write: (value) => localStorage.setItem(key, value),
  };
}

function parsePageSize(value: string | undefined): PageSize | undefined {
  return pageSizeOptions.find((option) => String(option) === value);
}

export function useStoredPageSize(
  store: PageSizeStore,
  fallback: PageSize,
): [PageSize, (size: PageSize) => void] {
  const [pageSize, setPageSize] = useState<PageSize>(() => parsePageSize(store.read()) ?? fallback);
  return [
    pageSize,
    (size) => {
      store.write(String(size));
      setPageSize(size);
    },
  ];
}
