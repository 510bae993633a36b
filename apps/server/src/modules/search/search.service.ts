import type { SearchResult } from '@linesight/contract';
import type { DevicesRepository } from '../devices/devices.repository';
import type { SearchRepository } from './search.repository';

/** How many suggestions the search screen shows before a term is typed. */
const interestingCount = 25;

export class SearchService {
  constructor(
    private readonly searches: SearchRepository,
    private readonly devices: DevicesRepository,
  ) {}

  async search(
    term: string,
    unassociatedOnly: boolean,
    page: number,
    pageSize: number,
  ): Promise<{ results: SearchResult[]; total: number }> {
    return this.searches.search(term, unassociatedOnly, (page - 1) * pageSize, pageSize);
  }

  /**
   * Suggestions before a term is typed: the lines of service changed most recently (provisioned,
   * re-provisioned, associated, or reporting), which is where support work usually is.
   */
  async interesting(): Promise<SearchResult[]> {
    const lines = await this.devices.recentlyChanged(interestingCount);
    return lines.map((line) => ({
      subscriberName: line.subscriberName,
      subscriberCode: line.subscriberCode,
      lineOfServiceCode: line.lineOfServiceCode,
      deviceType: line.deviceType,
      deviceIdentifier: line.identifier,
    }));
  }
}
