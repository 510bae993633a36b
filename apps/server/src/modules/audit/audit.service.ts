import type { AuditAction, AuditEntry, AuditQuery } from '@linesight/contract';
import type { Clock } from '../../clock';
import type { AuditEntryRecord, AuditRepository } from './audit.repository';

const day = 24 * 3600 * 1000;

function toAuditEntry(record: AuditEntryRecord): AuditEntry {
  return {
    id: record.id,
    at: record.at.getTime(),
    actor: {
      kind: record.actorKind,
      userId: record.actorUserId,
      email: record.actorEmail,
      role: record.actorRole,
    },
    // Only names of auditActions are ever written.
    action: record.action as AuditAction,
    lineOfServiceCode: record.lineOfServiceCode,
    subscriberCode: record.subscriberCode,
    target: record.target,
    details: record.details,
  };
}

/** Reading the audit trail, and forgetting entries past the retention. */
export class AuditService {
  constructor(
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
    private readonly retentionDays: number,
  ) {}

  async list(query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
    const { page, pageSize } = query;
    const { rows, total } = await this.audit.page(
      {
        lineOfServiceCode: query.lineOfServiceCode,
        subscriberCode: query.subscriberCode,
        actorUserId: query.userId,
        action: query.action,
        from: query.from === undefined ? undefined : new Date(query.from),
        to: query.to === undefined ? undefined : new Date(query.to),
      },
      (page - 1) * pageSize,
      pageSize,
    );
    return { entries: rows.map(toAuditEntry), total };
  }

  /** Deletes the entries older than the retention; answers how many. */
  async prune(): Promise<number> {
    return this.audit.deleteBefore(new Date(this.clock.now().getTime() - this.retentionDays * day));
  }
}
