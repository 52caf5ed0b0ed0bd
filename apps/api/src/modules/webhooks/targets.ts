import { addressRefusal, literalAddress, type TargetPolicy } from '../../lib/inner-addresses.js';

export type { TargetPolicy };

/**
 * Where the platform may post (security checklist 30, OWASP API7): in production https only and
 * never an address inside a network (private, loopback, link-local, unique-local, CGNAT, the cloud
 * metadata services, multicast, reserved). Development also takes http and loopback, for a receiver
 * on the developer's machine; every other inner address stays refused there too.
 *
 * A URL is checked twice: its text when HR saves it (a quick answer for the obvious cases), and the
 * addresses its host resolves to at every delivery, where the connection then goes to exactly the
 * address that was checked (`send.ts`), so a name that resolves elsewhere later (DNS rebinding) gains
 * nothing. The addresses themselves are judged in `lib/inner-addresses.ts`, shared with the company
 * sign-in's calls.
 *
 * Why this URL may not be posted to, judged by its text alone (German), or null. A host name is
 * judged again by its addresses at each delivery; names that always mean this machine are refused
 * here already in production.
 */
export function urlRefusal(value: string, policy: TargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Die Adresse ist keine gültige URL.';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy === 'development'))
    return 'Webhooks werden nur über https:// zugestellt.';
  const literal = literalAddress(url.hostname);
  if (literal) return addressRefusal(literal, policy);
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (policy === 'production' && (host === 'localhost' || host.endsWith('.localhost')))
    return `Ziel nicht erlaubt: ${host} ist dieser Rechner.`;
  return null;
}
