/**
 * URLs carry e-mail addresses and one-time codes in some routes (spec 7); logs get a masked copy.
 * Query strings are dropped entirely.
 */
const SENSITIVE_SEGMENT_AFTER = new Set([
  'mail',
  'email',
  'code',
  'emailConfirm',
  'passwordReset',
  'invite',
  'set-password',
]);

export function redactUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  const parts = pathname.split('/');
  for (let i = 1; i < parts.length; i++) {
    if (SENSITIVE_SEGMENT_AFTER.has(parts[i - 1] ?? '')) parts[i] = '[redacted]';
  }
  return parts.join('/') + (query === undefined ? '' : '?[redacted]');
}
