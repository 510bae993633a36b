import { type Brand, defaultBrand, providerBrands, type SessionUser } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { supportChatUrlFor } from './support-chat';

const chatBrand: Brand = { ...defaultBrand, supportChatUrl: 'https://chat.example/support' };
const user = (role: SessionUser['role'], email: string): SessionUser => ({
  id: 'u1',
  email,
  name: 'Someone',
  role,
  linesOfService: ['L1'],
  idToken: null,
  ssoLogoutUrl: null,
});

describe(supportChatUrlFor.name, () => {
  it('should give consumers whose user name starts with mwc the brand chat address', () => {
    expect(supportChatUrlFor(user('Consumer', 'mwc-10042'), chatBrand)).toBe(
      'https://chat.example/support',
    );
    expect(supportChatUrlFor(user('Consumer', 'MWC10042'), chatBrand)).toBe(
      'https://chat.example/support',
    );
  });

  it('should give no button to other consumers, to staff, or when signed out', () => {
    expect(supportChatUrlFor(user('Consumer', 'home-10042'), chatBrand)).toBeUndefined();
    expect(supportChatUrlFor(user('Consumer', 'x-mwc'), chatBrand)).toBeUndefined();
    expect(supportChatUrlFor(user('Admin', 'mwc@example.com'), chatBrand)).toBeUndefined();
    expect(supportChatUrlFor(null, chatBrand)).toBeUndefined();
  });

  it('should give no button on a brand without a chat service', () => {
    expect(supportChatUrlFor(user('Consumer', 'mwc-10042'), defaultBrand)).toBeUndefined();
  });

  it('should have exactly one provider brand with a chat service, on https', () => {
    const withChat = providerBrands.filter((brand) => brand.supportChatUrl);
    expect(withChat.map((brand) => brand.id)).toEqual(['aurora']);
    expect(withChat[0]?.supportChatUrl).toMatch(/^https:\/\//);
  });
});
