import type { Subscriber } from '@linesight/contract';
import type { Clock } from '../../clock';
import { ApiError } from '../../http/api-error';
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

export class SubscribersService {
  constructor(
    private readonly subscribers: SubscribersRepository,
    private readonly clock: Clock,
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
   * an existing code is refused with 409 and nothing changes.
   */
  async put(
    code: string,
    name: string,
    createOnly: boolean,
  ): Promise<{ subscriber: Subscriber; created: boolean }> {
    const now = this.clock.now();
    let created: boolean;
    if (createOnly) {
      if ((await this.subscribers.insert(code, name, now)) === 'code-in-use') {
        throw new ApiError(
          409,
          'PROVISIONING.SUBSCRIBER_CODE_IN_USE',
          `A subscriber with the code ${code} already exists.`,
        );
      }
      created = true;
    } else {
      created = (await this.subscribers.upsert(code, name, now)) === 'created';
    }
    const row = await this.subscribers.findRowByCode(code);
    if (!row) throw subscriberNotFound(code);
    return { subscriber: toSubscriber(row), created };
  }

  /** Deletes a subscriber. Its lines of service stay, unassociated, with their telemetry. */
  async remove(code: string): Promise<void> {
    if (!(await this.subscribers.delete(code))) throw subscriberNotFound(code);
  }
}
