import type { Role } from '@linesight/contract';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../http/access';

/** A signed-in user as the audit trail keeps them: as they were when they made the change. */
export interface UserActor {
  kind: 'user';
  userId: string;
  email: string;
  role: Role;
}

/** Who made a change: a user, the gateway of the line concerned, or the server itself. */
export type Actor = UserActor | { kind: 'gateway' } | { kind: 'system' };

export const gatewayActor: Actor = { kind: 'gateway' };
export const systemActor: Actor = { kind: 'system' };

/** The signed-in caller of a route, as the actor of the changes it makes. */
export function actorOf(request: FastifyRequest): UserActor {
  const { user } = callerOf(request);
  return { kind: 'user', userId: user.id, email: user.email, role: user.role };
}
