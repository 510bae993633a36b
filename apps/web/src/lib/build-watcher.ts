import { useSyncExternalStore } from 'react';

/**
 * The first build the server names becomes this page's build; when a later response names
 * another, a newer client has been deployed and the update-available button shows.
 */
let loadedBuild: string | undefined;
let updateAvailable = false;
const listeners = new Set<() => void>();

export function observeBuild(build: string | null): void {
  if (!build) return;
  loadedBuild ??= build;
  if (build !== loadedBuild && !updateAvailable) {
    updateAvailable = true;
    for (const listener of listeners) listener();
  }
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateAvailable,
  );
}
