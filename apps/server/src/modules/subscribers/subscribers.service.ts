import type { Subscriber } from '@linesight/contract';
import type { Clock } from '../../clock';
import type { InTransaction } from '../../db/transaction';
import { ApiError } from '../../http/api-error';
import type { Actor } from '../audit/actor';
import type { AuditRepository } from '../audit/audit.repository';
import type { SubscriberRow, SubscribersRepository } from './subscribers.repository';

export interface SubscribersPage {
  subscribers: Subscriber[];
  total: number;
}

function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    name: row.name,
    subscriberCode: row.subscriberCode,
    deviceLinesOfService: row.lineCodes,
  };
}

export const subscriberNotFound = (code: string): ApiError =>
  new ApiError(404, 'PROVISIONING.SUBSCRIBER_NOT_FOUND', `No subscriber has the code ${code}.`);

export interface SubscribersTransaction {
  subscribers: SubscribersRepository;
  audit: AuditRepository;
}

export class SubscribersService {
  constructor(
    private readonly subscribers: SubscribersRepository,
    private readonly clock: Clock,
    private readonly inTransaction: InTransaction<SubscribersTransaction>,
  ) {}

  async search(
    pattern: string,
    hideAssociated: boolean,
    page: number,
    pageSize: number,
  ): Promise<SubscribersPage> {
    const { rows, total } = await this.subscribers.search(
      pattern,
      hideAssociated,
      (page - 1) * pageSize,
      pageSize,
    );
    return {
      subscribers: rows.map(toSubscriber),
      total,
    };
  }

  /**
   * Creates a subscriber, or renames an existing one. With `createOnly` (the form in Create mode)
   * an existing code is refused with 409 and nothing changes. Giving a subscriber the name it has
   * is no change and leaves no audit entry.
   */
  async put(
    actor: Actor,
    code: string,
    name: string,
    createOnly: boolean,
  ): Promise<{ subscriber: Subscriber; created: boolean }> {
    const now = this.clock.now();
    return this.inTransaction(async ({ subscribers, audit }) => {
      let created: boolean;
      let previousName: string | undefined;
      if (createOnly) {
        if ((await subscribers.insert(code, name, now)) === 'code-in-use') {
          throw new ApiError(
            409,
            'PROVISIONING.SUBSCRIBER_CODE_IN_USE',
            `A subscriber with the code ${code} already exists.`,
          );
        }
        created = true;
      } else {
        previousName = (await subscribers.findByCode(code))?.name;
        created = (await subscribers.upsert(code, name, now)) === 'created';
      }
      if (created || previousName !== name) {
        await audit.insert({
          at: now,
          actor,
          action: created ? 'subscriber.create' : 'subscriber.update',
          subscriberCode: code,
          details: { name },
        });
      }
      const row = await subscribers.findRowByCode(code);
      if (!row) throw subscriberNotFound(code);
      return { subscriber: toSubscriber(row), created };
    });
  }

  /**
   * Deletes a subscriber. Its lines of service stay, unassociated, with their telemetry; its My
   * Network sign-ins go with it. The entry names the lines it leaves unassociated.
   */
  async remove(actor: Actor, code: string): Promise<void> {
    await this.inTransaction(async ({ subscribers, audit }) => {
      const row = await subscribers.findRowByCode(code);
      if (!row || !(await subscribers.delete(code))) throw subscriberNotFound(code);
      await audit.insert({
        at: this.clock.now(),
        actor,
        action: 'subscriber.delete',
        subscriberCode: code,
        details: { name: row.name, unassociatedLines: row.lineCodes },
      });
    });
  }
}
