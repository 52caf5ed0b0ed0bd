import net from 'node:net';

/**
 * Who may speak for the client (`TRUST_PROXY`): the proxies named by address/CIDR (recommended), or a
 * hop count, which believes whoever connects. Both the client address (X-Forwarded-For) and the
 * request id (X-Request-Id) are decided here, on the socket's peer, never on a header.
 */
export type TrustProxySetting = number | string[] | false;

/** Loopback, RFC 1918, link-local and unique-local: addresses the internet cannot reach us on. */
const PRIVATE_RANGES: readonly [string, number][] = [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
];

function blockListOf(entries: readonly [string, number][]): net.BlockList {
  const list = new net.BlockList();
  for (const [address, bits] of entries) list.addSubnet(address, bits, net.isIPv6(address) ? 'ipv6' : 'ipv4');
  return list;
}

const privateRanges = blockListOf(PRIVATE_RANGES);

/** Whether an address is in one of the lists (IPv4-mapped IPv6 peers such as `::ffff:10.0.0.1` count as IPv4). */
function contains(list: net.BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export function isPrivateAddress(address: string | undefined): boolean {
  return contains(privateRanges, address);
}

/** `10.0.0.0/8` or `10.0.0.1` (validated by the configuration) as a list to check peers against. */
function namedProxies(entries: string[]): net.BlockList {
  return blockListOf(
    entries.map((entry): [string, number] => {
      const [address = '', bits] = entry.split('/');
      return [address, bits === undefined ? (net.isIPv6(address) ? 128 : 32) : Number(bits)];
    }),
  );
}

export interface TrustedProxies {
  /** Fastify's `trustProxy`: which hops of X-Forwarded-For to believe. */
  fastifyOption: false | ((address: string, hop: number) => boolean);
  /**
   * Whether this socket peer may hand us its request id. Named proxies: only they. A hop count names
   * no one, so only a peer on a private or loopback address (where a proxy of ours sits) is believed.
   */
  mayNameRequest(peer: string | undefined): boolean;
}

export function trustedProxies(setting: TrustProxySetting): TrustedProxies {
  if (setting === false) return { fastifyOption: false, mayNameRequest: () => false };
  if (typeof setting === 'number') {
    // The same rule Fastify applies to a number: that many hops nearest to us.
    return { fastifyOption: (_address, hop) => hop < setting, mayNameRequest: isPrivateAddress };
  }
  const named = namedProxies(setting);
  return {
    fastifyOption: (address) => contains(named, address),
    mayNameRequest: (peer) => contains(named, peer),
  };
}

/**
 * A hop count believes any peer, so it is safe only when nobody but the proxy can reach the port: a
 * listening address on a public interface (or all of them, `0.0.0.0`) earns a warning at start.
 */
export function hopCountWarning(setting: TrustProxySetting, host: string): string | null {
  if (typeof setting !== 'number') return null;
  if (host === 'localhost' || isPrivateAddress(host)) return null;
  return (
    `TRUST_PROXY=${setting} believes X-Forwarded-For from any peer, and HOST=${host} is reachable from ` +
    'outside: a client that connects directly picks its own address for rate limits and the audit. ' +
    "Name the proxy's addresses instead (TRUST_PROXY=10.0.0.5 or a CIDR, docs/deploy.md)."
  );
}
