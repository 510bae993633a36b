import { apiPaths, mapSettingsSchema } from '@linesight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

export interface MapRoutesOptions {
  mapTiles: Config['mapTiles'];
}

/**
 * Where the browser may load map tiles from, for the Content-Security-Policy: the template's
 * origin, with Leaflet's `{s}` subdomain placeholder as a wildcard.
 */
export function tileImageSource(template: string): string {
  const { protocol, host } = new URL(template.replaceAll('{s}', 'tiles'));
  const hostPattern = template.includes('{s}.') ? host.replace(/^tiles\./, '*.') : host;
  return `${protocol}//${hostPattern}`;
}

/** The map's tile server, from the configuration: read once by the location panel. */
export const mapRoutes: FastifyPluginAsyncZod<MapRoutesOptions> = async (app, options) => {
  app.get(
    apiPaths.mapSettings,
    {
      config: { access: 'signedIn', lineScope: 'none' },
      schema: {
        tags: ['monitoring'],
        summary: 'The tile server of the location panel’s map (MAP_TILE_URL), or null',
        response: { 200: mapSettingsSchema },
      },
    },
    async () => ({
      tileUrl: options.mapTiles?.url ?? null,
      attribution: options.mapTiles?.attribution ?? null,
    }),
  );
};
