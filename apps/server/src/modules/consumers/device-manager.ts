import type { PassphraseHasher } from '../auth/passphrase-hasher';
import type { UsersRepository } from '../users/users.repository';

/**
 * Where consumers' credentials live: the device manager, the provider's system for home
 * gateways and their owners (docs/consumer-sign-in.md). It answers whose account a user name
 * and passphrase open, by subscriber code, or null.
 */
export interface DeviceManager {
  verify(username: string, password: string): Promise<{ subscriberCode: string } | null>;
}

/**
 * The built-in device manager keeps consumer credentials in the portal: an admin sets a
 * subscriber's user name and passphrase in provisioning. An unknown user name costs the same
 * hashing work as a wrong passphrase.
 */
export class BuiltInDeviceManager implements DeviceManager {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PassphraseHasher,
  ) {}

  async verify(username: string, password: string): Promise<{ subscriberCode: string } | null> {
    const found = await this.users.findConsumer(username);
    if (!found) {
      await this.hasher.verifyNothing(password);
      return null;
    }
    const accepted = await this.hasher.verify(found.user.passphraseHash, password);
    return accepted ? { subscriberCode: found.subscriberCode } : null;
  }
}

/**
 * An external device manager over HTTP: `POST {url}` with `{ "username", "password" }` answers
 * 200 `{ "subscriberCode": "…" }` for good credentials and 401 (or 403, 404) otherwise. Anything
 * else is the device manager failing, not the consumer: it throws, and the sign-in answers 5xx.
 */
export class HttpDeviceManager implements DeviceManager {
  constructor(
    private readonly url: string,
    private readonly timeoutMs = 5000,
  ) {}

  async verify(username: string, password: string): Promise<{ subscriberCode: string } | null> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username, password }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if ([401, 403, 404].includes(response.status)) return null;
    if (!response.ok) throw new Error(`the device manager answered ${response.status}`);
    const body = (await response.json()) as { subscriberCode?: unknown };
    if (typeof body.subscriberCode !== 'string' || body.subscriberCode === '') {
      throw new Error('the device manager answered without a subscriberCode');
    }
    return { subscriberCode: body.subscriberCode };
  }
}
