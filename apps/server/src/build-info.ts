import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The build the client compares against (x-cah-build): BUILD_ID when set, else a digest of the
 * built client's index.html, which changes whenever any of its hashed assets do, so a browser
 * holding an older client is offered the update.
 */
export function resolveBuildId(
  configured: string | undefined,
  webRoot: string | undefined,
): string {
  if (configured) return configured;
  if (webRoot) {
    try {
      const index = readFileSync(path.join(webRoot, 'index.html'));
      return createHash('sha256').update(index).digest('hex').slice(0, 12);
    } catch {
      // No built client: an API-only server.
    }
  }
  return 'dev';
}
