import type { FastifyRequest } from 'fastify';

/**
 * Who makes a change and from where, as the audit log records it (modules/audit). Every route
 * that changes or exports something makes it from its request, the same way, so it lives here
 * beside the other helpers routes share, not in a module's routes.
 */

/** The admin who made a change. */
export interface AuditActor {
  subject: string;
  email: string | null;
}

/** Who made a change and from where. */
export interface AuditContext {
  actor: AuditActor;
  ip: string | null;
}

/** The caller of this request and its address, for the audit entries its changes make. */
export async function auditContextOf(request: FastifyRequest): Promise<AuditContext> {
  const user = await request.currentUser();
  return {
    actor: { subject: user?.subject ?? 'unknown', email: user?.email ?? null },
    ip: request.ip || null,
  };
}
