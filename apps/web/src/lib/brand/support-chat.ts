import { type Brand, type SessionUser, supportChatUsernamePrefix } from '@linesight/contract';

/**
 * The Support chat address a user gets a button for (seed 000 section 1): consumers whose user
 * name (the session's `email` field) starts with mwc, on a brand that has a chat service.
 */
export function supportChatUrlFor(user: SessionUser | null, brand: Brand): string | undefined {
  if (user?.role !== 'Consumer' || !brand.supportChatUrl) return undefined;
  const isChatConsumer = user.email.toLowerCase().startsWith(supportChatUsernamePrefix);
  return isChatConsumer ? brand.supportChatUrl : undefined;
}
