import { describe, expect, it } from 'vitest';
import { digestResponse, parseAuthItems } from './digest';

describe('HTTP Digest', () => {
  // RFC 7616 section 3.9.1: the same request under MD5 and SHA-256.
  const example = {
    username: 'Mufasa',
    realm: 'http-auth@example.org',
    password: 'Circle of Life',
    method: 'GET',
    uri: '/dir/index.html',
    nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
    qop: 'auth' as const,
    nc: '00000001',
    cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
  };

  it.each([
    ['md5', '8ca523f5e9506fed4657c9700eebdbec'],
    ['sha256', '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1'],
  ])('should compute RFC 7616’s example response with %s', (hashName, response) => {
    expect(digestResponse({ ...example, hashName })).toBe(response);
  });

  it('should read several challenges of one header, with quoted commas', () => {
    const items = parseAuthItems([
      'Digest realm="cpe, lab", qop="auth,auth-int", nonce=abc, Basic realm="x"',
      'Bearer',
    ]);
    expect(items.map((item) => item.scheme)).toEqual(['digest', 'basic', 'bearer']);
    expect(Object.fromEntries(items[0]?.params ?? [])).toEqual({
      realm: 'cpe, lab',
      qop: 'auth,auth-int',
      nonce: 'abc',
    });
  });
});
