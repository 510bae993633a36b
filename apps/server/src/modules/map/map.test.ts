import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedInToken, type TestApp } from '../../../test/test-app';
import { tileImageSource } from './map.routes';

describe('GET /api/mapSettings/v1', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  async function settingsWith(environment: NodeJS.ProcessEnv) {
    testApp = await createTestApp(environment);
    await createUser(testApp, { email: 'csr@example.com' });
    const token = await signedInToken(testApp, 'csr@example.com');
    return testApp.app.inject({
      method: 'GET',
      url: '/api/mapSettings/v1',
      headers: { 'x-cah-token': token },
    });
  }

  it('should answer no tile server when none is configured, and allow no tile images', async () => {
    const response = await settingsWith({});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ tileUrl: null, attribution: null });
    expect(response.headers['content-security-policy']).toContain("img-src 'self' data:;");
  });

  it('should answer the configured tile server and let the browser load its images', async () => {
    const response = await settingsWith({
      MAP_TILE_URL: 'https://{s}.tiles.example.net/osm/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
    });
    expect(response.json()).toEqual({
      tileUrl: 'https://{s}.tiles.example.net/osm/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(response.headers['content-security-policy']).toContain(
      "img-src 'self' data: https://*.tiles.example.net;",
    );
  });
});

describe('tileImageSource', () => {
  it('should keep a plain host and port', () => {
    expect(tileImageSource('http://maps.internal:8081/{z}/{x}/{y}.png')).toBe(
      'http://maps.internal:8081',
    );
  });
});
