import { randomBytes } from 'node:crypto';
import type { DeviceLine, ReportingUrlResponse } from '@linesight/contract';
import type { Clock } from '../../clock';
import { ApiError } from '../../http/api-error';
import type { SubscribersRepository } from '../subscribers/subscribers.repository';
import { subscriberNotFound } from '../subscribers/subscribers.service';
import type { DevicesRepository } from './devices.repository';

export const lineOfServiceNotFound = (code: string): ApiError =>
  new ApiError(
    404,
    'PROVISIONING.LINE_OF_SERVICE_NOT_FOUND',
    `No line of service has the code ${code}.`,
  );

/** The path a gateway reports to; the reporting endpoint itself comes with the collector. */
export function reportingPath(token: string): string {
  return `/report/v1/${token}`;
}

export class DevicesService {
  constructor(
    private readonly devices: DevicesRepository,
    private readonly subscribers: SubscribersRepository,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  async search(
    pattern: string,
    hideAssociated: boolean,
    page: number,
    pageSize: number,
  ): Promise<{ devices: DeviceLine[]; total: number }> {
    const { rows, total } = await this.devices.search(
      pattern,
      hideAssociated,
      (page - 1) * pageSize,
      pageSize,
    );
    return { devices: rows, total };
  }

  /** One line of service with its subscriber and device. */
  async line(code: string): Promise<DeviceLine> {
    const line = await this.devices.findLineRow(code);
    if (!line) throw lineOfServiceNotFound(code);
    return line;
  }

  async reportingUrl(code: string): Promise<ReportingUrlResponse> {
    const line = await this.devices.findByCode(code);
    if (!line) throw lineOfServiceNotFound(code);
    return {
      lineOfServiceCode: code,
      reportingUrl: `${this.publicUrl}${reportingPath(line.reportingToken)}`,
    };
  }

  /**
   * Provisions a line with a fresh reporting URL (a 128-bit random token). An existing line is
   * re-provisioned: its old URL stops working and its device is forgotten until the new one
   * reports. With `createOnly`, an existing code is refused with 409 instead.
   */
  async provision(
    code: string,
    createOnly: boolean,
  ): Promise<ReportingUrlResponse & { created: boolean }> {
    const token = randomBytes(16).toString('hex');
    const outcome = await this.devices.provision(code, token, createOnly, this.clock.now());
    if (outcome === 'code-in-use') {
      throw new ApiError(
        409,
        'PROVISIONING.LINE_OF_SERVICE_CODE_IN_USE',
        `The line of service ${code} is already provisioned.`,
      );
    }
    return { ...(await this.reportingUrl(code)), created: outcome === 'created' };
  }

  /** Deprovisions: the line, its reporting URL and its recorded data are deleted. */
  async deprovision(code: string): Promise<void> {
    if (!(await this.devices.delete(code))) throw lineOfServiceNotFound(code);
  }

  /** Links the line to the subscriber, moving it from any subscriber it had. */
  async associate(code: string, subscriberCode: string): Promise<DeviceLine> {
    const subscriber = await this.subscribers.findByCode(subscriberCode);
    if (!subscriber) throw subscriberNotFound(subscriberCode);
    if (!(await this.devices.associate(code, subscriber.id, this.clock.now())))
      throw lineOfServiceNotFound(code);
    return this.line(code);
  }
}
