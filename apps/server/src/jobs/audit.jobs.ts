import type { FastifyBaseLogger } from 'fastify';
import type { ActionsService } from '../modules/actions/actions.service';
import type { AuditService } from '../modules/audit/audit.service';

/**
 * Every minute writes the ending of the commands that expired unanswered, so each command
 * requested has its ending in the audit trail; every hour deletes the entries past the audit
 * retention, and the commands that ended over a month ago (their endings stay in the trail). Both are safe in several server processes at once: a command is marked expired by
 * one conditional update, so it gets one entry.
 */
export function startAuditJobs(
  actions: ActionsService,
  audit: AuditService,
  log: FastifyBaseLogger,
): () => void {
  const expiry = setInterval(() => {
    actions
      .expireUnanswered()
      .then((expired) => {
        if (expired > 0) log.debug({ expired }, 'unanswered commands expired');
      })
      .catch((error: unknown) => log.error({ err: error }, 'command expiry failed'));
  }, 60_000);

  const retention = setInterval(() => {
    audit
      .prune()
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'audit entries past retention removed');
      })
      .catch((error: unknown) => log.error({ err: error }, 'audit retention failed'));
    actions
      .pruneEnded()
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'ended commands past retention removed');
      })
      .catch((error: unknown) => log.error({ err: error }, 'command retention failed'));
  }, 3_600_000);

  expiry.unref();
  retention.unref();
  return () => {
    clearInterval(expiry);
    clearInterval(retention);
  };
}
