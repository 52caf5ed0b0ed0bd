import type { FastifyBaseLogger } from 'fastify';

/**
 * Structured security events (login ok/fail, refresh reuse, authorization denied): one JSON log
 * line each with a UTC timestamp, actor, tenant, ip, request id, action and target. Never values
 * of secrets or personal data.
 */
export type SecurityAction =
  'auth.login_succeeded' | 'auth.login_failed' | 'auth.refresh_reuse' | 'auth.logout' | 'authz.denied';

export interface SecurityEventFields {
  ip?: string;
  actor?: string | null;
  tenant?: string | null;
  target?: string;
  requestId?: string;
  severity?: 'info' | 'high';
}

export interface SecurityEvents {
  emit(action: SecurityAction, fields: SecurityEventFields): void;
}

export function createSecurityEvents(logger: FastifyBaseLogger): SecurityEvents {
  return {
    emit(action, fields) {
      const level = fields.severity === 'high' ? 'warn' : 'info';
      logger[level]({ securityEvent: true, ts: new Date().toISOString(), action, ...fields }, action);
    },
  };
}
