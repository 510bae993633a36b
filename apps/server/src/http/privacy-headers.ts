import type { FastifyInstance } from 'fastify';

/**
 * The browser features the portal uses: none of the powerful ones. Listing them off means a
 * script that got in somehow (or a page that frames ours, were framing allowed) cannot ask for
 * them in the portal's name.
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'usb=()',
].join(', ');

/**
 * Every answer of the API and the collector is about someone (a subscriber, a user, a line):
 * no browser, proxy or shared cache may keep a copy (`no-store`). The web client's own files are
 * served by the static route with caching of their own.
 */
export function registerPrivacyHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
    if (request.url.startsWith('/api/') || request.url.startsWith('/report/')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
