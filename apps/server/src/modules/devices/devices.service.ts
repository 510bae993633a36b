import { randomBytes } from 'node:crypto';
import {
  acsPaths,
  type DeviceLine,
  reportPaths,
  type ReportingUrlResponse,
} from '@linesight/contract';
import type { Clock } from '../../clock';
import type { InTransaction } from '../../db/transaction';
import { ApiError } from '../../http/api-error';
import type { Actor } from '../audit/actor';
import type { AuditRepository } from '../audit/audit.repository';
import type { SubscribersRepository } from '../subscribers/subscribers.repository';
import { subscriberNotFound } from '../subscribers/subscribers.service';
import type { DeviceLineRow, DevicesRepository } from './devices.repository';

export const lineOfServiceNotFound = (code: string): ApiError =>
  new ApiError(
    404,
    'PROVISIONING.LINE_OF_SERVICE_NOT_FOUND',
    `No line of service has the code ${code}.`,
  );

/** The path a gateway reports to; the reporting endpoint itself comes with the collector. */
export function reportingPath(token: string): string {
  return reportPaths.report.replace(':token', token);
}

/** The path a TR-069 gateway's sessions go to: its ACS URL, with the same token. */
export function acsPath(token: string): string {
  return acsPaths.line.replace(':token', token);
}

export interface DevicesTransaction {
  devices: DevicesRepository;
  subscribers: SubscribersRepository;
  audit: AuditRepository;
}

/** The device a line had, for the audit entry of a change that forgets it. */
function deviceOf(line: DeviceLineRow | undefined): Record<string, unknown> {
  return line?.identifier || line?.deviceType
    ? { device: { deviceType: line.deviceType, identifier: line.identifier } }
    : {};
}

export class DevicesService {
  private readonly retiredListeners = new Set<(code: string) => void>();

  constructor(
    private readonly devices: DevicesRepository,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly inTransaction: InTransaction<DevicesTransaction>,
  ) {}

  /**
   * Called with a line's code once its token stops working (deprovisioned, or re-provisioned
   * with a new one): the ACS ends the session the line's gateway has open on this server.
   */
  onLineRetired(listener: (code: string) => void): void {
    this.retiredListeners.add(listener);
  }

  private retired(code: string): void {
    for (const listener of this.retiredListeners) listener(code);
  }

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
    return this.reportingUrlOf(code, line.reportingToken);
  }

  private reportingUrlOf(code: string, token: string): ReportingUrlResponse {
    return {
      lineOfServiceCode: code,
      reportingUrl: `${this.publicUrl}${reportingPath(token)}`,
      acsUrl: `${this.publicUrl}${acsPath(token)}`,
    };
  }

  /**
   * Provisions a line with a fresh reporting URL (a 128-bit random token). An existing line is
   * re-provisioned: its old URL stops working and its device is forgotten until the new one
   * reports. With `createOnly`, an existing code is refused with 409 instead. The audit entry of
   * a re-provision names the device forgotten; no entry holds the token.
   */
  async provision(
    actor: Actor,
    code: string,
    createOnly: boolean,
  ): Promise<ReportingUrlResponse & { created: boolean }> {
    const token = randomBytes(16).toString('hex');
    const now = this.clock.now();
    const provisioned = await this.inTransaction(async ({ devices, audit }) => {
      const before = createOnly ? undefined : await devices.findLineRow(code);
      const outcome = await devices.provision(code, token, createOnly, now);
      if (outcome === 'code-in-use') {
        throw new ApiError(
          409,
          'PROVISIONING.LINE_OF_SERVICE_CODE_IN_USE',
          `The line of service ${code} is already provisioned.`,
        );
      }
      const created = outcome === 'created';
      await audit.insert({
        at: now,
        actor,
        action: created ? 'line.provision' : 'line.reprovision',
        lineOfServiceCode: code,
        details: deviceOf(before),
      });
      return { ...this.reportingUrlOf(code, token), created };
    });
    if (!provisioned.created) this.retired(code);
    return provisioned;
  }

  /** Deprovisions: the line, its reporting URL and its recorded data are deleted. */
  async deprovision(actor: Actor, code: string): Promise<void> {
    await this.inTransaction(async ({ devices, audit }) => {
      const line = await devices.findLineRow(code);
      if (!line || !(await devices.delete(code))) throw lineOfServiceNotFound(code);
      await audit.insert({
        at: this.clock.now(),
        actor,
        action: 'line.deprovision',
        lineOfServiceCode: code,
        subscriberCode: line.subscriberCode,
        details: deviceOf(line),
      });
    });
    this.retired(code);
  }

  /**
   * Links the line to the subscriber, moving it from any subscriber it had. Linking it to the
   * subscriber it has is no change and leaves no audit entry.
   */
  async associate(actor: Actor, code: string, subscriberCode: string): Promise<DeviceLine> {
    const now = this.clock.now();
    return this.inTransaction(async ({ devices, subscribers, audit }) => {
      const subscriber = await subscribers.findByCode(subscriberCode);
      if (!subscriber) throw subscriberNotFound(subscriberCode);
      const before = await devices.findLineRow(code);
      if (!before || !(await devices.associate(code, subscriber.id, now)))
        throw lineOfServiceNotFound(code);
      if (before.subscriberCode !== subscriberCode) {
        await audit.insert({
          at: now,
          actor,
          action: 'line.associate',
          lineOfServiceCode: code,
          subscriberCode,
          details: { subscriberCode, previousSubscriberCode: before.subscriberCode },
        });
      }
      const line = await devices.findLineRow(code);
      if (!line) throw lineOfServiceNotFound(code);
      return line;
    });
  }
}
