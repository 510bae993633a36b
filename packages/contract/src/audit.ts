import { z } from 'zod';
import { maxFieldLength, storableText } from './text';

/**
 * What the audit trail records, by stable name: every change an admin makes and every device
 * command with its ending (docs/decisions/011-audit-trail.md). A name never changes meaning once
 * entries carry it; a new kind of change gets a new name.
 */
export const auditActions = [
  'user.create',
  'user.update',
  'user.changeRole',
  'user.setPassphrase',
  'user.delete',
  'subscriber.create',
  'subscriber.update',
  'subscriber.delete',
  'line.provision',
  'line.reprovision',
  'line.deprovision',
  'line.associate',
  'consumer.create',
  'consumer.update',
  'consumer.delete',
  'command.request',
  'command.result',
  'localNetwork.update',
  'location.set',
  'location.delete',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * Who made the change: a signed-in user (as they were then), a gateway answering a command on its
 * line, or the server itself (a command found expired, the demo fleet provisioning its lines).
 */
export const auditActorKinds = ['user', 'gateway', 'system'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** When the change was made, epoch ms. */
  at: z.number().int(),
  actor: z.object({
    kind: z.enum(auditActorKinds),
    /** The user's id, e-mail and role at the time; null unless kind is `user`. */
    userId: z.string().nullable(),
    email: z.string().nullable(),
    role: z.string().nullable(),
  }),
  action: z.enum(auditActions),
  lineOfServiceCode: z.string().nullable(),
  subscriberCode: z.string().nullable(),
  /** What was changed when the codes do not say it: a user's id, a command's messageId. */
  target: z.string().nullable(),
  /** The fields the change set, with their new values; never a passphrase, hash or token. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

/** GET /api/audit/v1: newest first, one page; `X-Total-Results` gives the total. */
export const auditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
    lineOfServiceCode: storableText(maxFieldLength).trim().min(1).optional(),
    subscriberCode: storableText(maxFieldLength).trim().min(1).optional(),
    /** The actor's user id. */
    userId: z.uuid().optional(),
    action: z.enum(auditActions).optional(),
    /** Entries made at or after this time, epoch ms. */
    from: epochMs.optional(),
    /** Entries made at or before this time, epoch ms. */
    to: epochMs.optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    path: ['from'],
    message: 'from must not be after to',
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditResponseSchema = z.array(auditEntrySchema);
