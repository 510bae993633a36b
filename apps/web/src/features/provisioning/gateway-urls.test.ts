import { describe, expect, it } from 'vitest';
import { sharedAcsAccess } from './gateway-urls';

describe(sharedAcsAccess.name, () => {
  it('should give the shared ACS URL, the line code as username and the token as password', () => {
    expect(
      sharedAcsAccess({
        lineOfServiceCode: 'LOS-10042',
        acsUrl: 'https://portal.example/cwmp/v1/0123456789abcdef0123456789abcdef',
      }),
    ).toEqual({
      url: 'https://portal.example/cwmp/v1',
      username: 'LOS-10042',
      password: '0123456789abcdef0123456789abcdef',
    });
  });

  it('should keep a public URL served under a path', () => {
    expect(
      sharedAcsAccess({
        lineOfServiceCode: 'LOS 7/B',
        acsUrl: 'https://isp.example/linesight/cwmp/v1/feedc0de',
      }),
    ).toEqual({
      url: 'https://isp.example/linesight/cwmp/v1',
      username: 'LOS 7/B',
      password: 'feedc0de',
    });
  });
});
