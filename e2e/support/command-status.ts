import type { Page } from '@playwright/test';

/**
 * Holds the page's command-status answers until released: the fleet's gateways answer within a
 * second, and the pending state must be seen however fast they do. The answers themselves are
 * the server's, passed on unchanged.
 */
export async function holdCommandStatus(page: Page): Promise<() => void> {
  const statusPath = '**/api/deviceActionStatus/**';
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route(statusPath, async (route) => {
    await opened;
    await route.continue();
  });
  // Once open the handler passes answers straight on; a later hold's handler, added after it,
  // is the one Playwright asks first.
  return open;
}
