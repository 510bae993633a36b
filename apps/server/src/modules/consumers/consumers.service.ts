import type { Clock } from '../../clock';
import type { InTransaction } from '../../db/transaction';
import { ApiError } from '../../http/api-error';
import type { Actor } from '../audit/actor';
import type { AuditRepository } from '../audit/audit.repository';
import type { AuthService, SignInResult } from '../auth/auth.service';
import type { PassphraseHasher } from '../auth/passphrase-hasher';
import { assertPassphrasePolicy } from '../passphrase/passphrase.service';
import type { SubscribersRepository } from '../subscribers/subscribers.repository';
import { subscriberNotFound } from '../subscribers/subscribers.service';
import type { UsersRepository } from '../users/users.repository';
import type { DeviceManager } from './device-manager';

export interface ConsumersTransaction {
  users: UsersRepository;
  audit: AuditRepository;
}

const noSignIn = (): ApiError =>
  new ApiError(404, 'REQUEST.NOT_FOUND', 'The subscriber has no My Network sign-in.');

/**
 * My Network sign-in for consumers, and the consumer credentials an admin keeps for the
 * built-in device manager. A consumer is a `users` row with role Consumer tied to a subscriber;
 * its `email` column holds the device-manager user name.
 */
export class ConsumersService {
  constructor(
    private readonly auth: AuthService,
    private readonly deviceManager: DeviceManager,
    private readonly users: UsersRepository,
    private readonly subscribers: SubscribersRepository,
    private readonly hasher: PassphraseHasher,
    private readonly clock: Clock,
    private readonly inTransaction: InTransaction<ConsumersTransaction>,
  ) {}

  /**
   * Signs a consumer in with their device-manager credentials, under the same lockout as staff
   * (counted per user name). Credentials for a subscriber the portal does not know open nothing.
   */
  async signIn(username: string, password: string): Promise<SignInResult> {
    return this.auth.signInGuarded(`consumer:${username.toLowerCase()}`, 'consumer', async () => {
      const verified = await this.deviceManager.verify(username, password);
      if (!verified) return null;
      const subscriber = await this.subscribers.findByCode(verified.subscriberCode);
      if (!subscriber) return null;
      return this.users.upsertConsumer(username, subscriber.id, subscriber.name, this.clock.now());
    });
  }

  async credentialsOf(subscriberCode: string): Promise<{ username: string }> {
    const subscriber = await this.subscribers.findByCode(subscriberCode);
    if (!subscriber) throw subscriberNotFound(subscriberCode);
    const consumer = await this.users.findConsumerOfSubscriber(subscriber.id);
    if (!consumer) throw noSignIn();
    return { username: consumer.email };
  }

  /**
   * Sets (or replaces) the subscriber's consumer user name and passphrase. Each setting is a
   * change, since the passphrase is new each time; the audit entry holds the user name only.
   */
  async setCredentials(
    actor: Actor,
    subscriberCode: string,
    username: string,
    passphrase: string,
  ): Promise<{ username: string }> {
    const subscriber = await this.subscribers.findByCode(subscriberCode);
    if (!subscriber) throw subscriberNotFound(subscriberCode);
    assertPassphrasePolicy(passphrase, { name: subscriber.name, email: username });
    const passphraseHash = await this.hasher.hash(passphrase);
    const now = this.clock.now();
    return this.inTransaction(async ({ users, audit }) => {
      const outcome = await users.setConsumerCredentials(subscriber.id, {
        username,
        name: subscriber.name,
        passphraseHash,
        at: now,
      });
      if (outcome === 'email-in-use') {
        throw new ApiError(
          409,
          'PROVISIONING.CONSUMER_USERNAME_IN_USE',
          `The user name ${username} is already in use.`,
        );
      }
      await audit.insert({
        at: now,
        actor,
        action: outcome.created ? 'consumer.create' : 'consumer.update',
        subscriberCode,
        target: outcome.userId,
        details: { username },
      });
      return { username };
    });
  }

  /** Removes the subscriber's consumer sign-ins, ending their sessions. */
  async removeCredentials(actor: Actor, subscriberCode: string): Promise<void> {
    const subscriber = await this.subscribers.findByCode(subscriberCode);
    if (!subscriber) throw subscriberNotFound(subscriberCode);
    await this.inTransaction(async ({ users, audit }) => {
      const deleted = await users.deleteConsumersOfSubscriber(subscriber.id);
      if (deleted.length === 0) throw noSignIn();
      for (const consumer of deleted) {
        await audit.insert({
          at: this.clock.now(),
          actor,
          action: 'consumer.delete',
          subscriberCode,
          target: consumer.id,
          details: { username: consumer.email },
        });
      }
    });
  }
}
