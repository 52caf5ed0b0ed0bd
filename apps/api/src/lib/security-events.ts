import type { FastifyBaseLogger } from 'fastify';

import { currentRequestContext } from './request-context.js';

/**
 * Structured security events (login ok/fail, refresh reuse, authorization denied): one JSON log
 * line each with a UTC timestamp, actor, tenant, ip, request id, action and target. Never values
 * of secrets or personal data.
 */
export type SecurityAction =
  | 'auth.login_succeeded'
  | 'auth.login_failed'
  | 'auth.mfa_challenged'
  | 'auth.mfa_failed'
  | 'auth.mfa_enabled'
  | 'auth.mfa_disabled'
  | 'auth.refresh_reuse'
  | 'auth.logout'
  | 'authz.denied'
  | 'privacy.exported'
  | 'privacy.account_erased';

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
      // Request id and client address come from the request being served, so no caller can forget them.
      const request = currentRequestContext();
      const context = { requestId: request?.requestId ?? null, ip: request?.ip ?? null };
      logger[level]({ securityEvent: true, ts: new Date().toISOString(), action, ...context, ...fields }, action);
    },
  };
}
