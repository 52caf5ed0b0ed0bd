import net from 'node:net';

/**
 * Addresses inside a network, which a URL typed in by a customer (an employer's webhook endpoint, its
 * identity provider) must never make the platform call (security checklist 30, OWASP API7, SSRF):
 * private, loopback, link-local (the cloud metadata services), unique-local, CGNAT, multicast,
 * reserved, and the IPv6 forms that carry such an IPv4 address (mapped, NAT64, 6to4). One table for
 * every caller, so a range added here is refused everywhere.
 */
/** Production refuses every inner address; development lets loopback through, for a receiver on the developer's machine. */
export type TargetPolicy = 'production' | 'development';

type Kind = 'loopback' | 'private' | 'link-local' | 'unique-local' | 'shared' | 'reserved' | 'multicast';

const V4: readonly (readonly [string, number, Kind])[] = [
  ['0.0.0.0', 8, 'reserved'],
  ['10.0.0.0', 8, 'private'],
  // Carrier-grade NAT (RFC 6598); Alibaba's metadata service (100.100.100.200) sits in it.
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  // Link-local, with the metadata service of AWS, GCP and Azure at 169.254.169.254.
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  // IETF protocol assignments (RFC 6890), Oracle's metadata at 192.0.0.192 among them.
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const V6: readonly (readonly [string, number, Kind])[] = [
  ['::1', 128, 'loopback'],
  // The unspecified address and the deprecated IPv4-compatible ones.
  ['::', 96, 'reserved'],
  ['64:ff9b:1::', 48, 'reserved'],
  ['100::', 64, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  // 6to4 carries an IPv4 address of any kind: refused as a whole.
  ['2002::', 16, 'reserved'],
  // Unique local (RFC 4193), AWS's IPv6 metadata service (fd00:ec2::254) among them.
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved'],
  ['ff00::', 8, 'multicast'],
];

function blockList(ranges: readonly (readonly [string, number, Kind])[], family: 'ipv4' | 'ipv6') {
  return ranges.map(([network, prefix, kind]) => {
    const list = new net.BlockList();
    list.addSubnet(network, prefix, family);
    return { list, kind };
  });
}
const V4_LISTS = blockList(V4, 'ipv4');
const V6_LISTS = blockList(V6, 'ipv6');

/** The 16 bytes of an IPv6 address (already known to be one). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    tail.push(...dotted[1].split('.').map(Number));
    text = text.slice(0, -dotted[1].length) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const words = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/**
 * The IPv4 address an IPv6 address stands for, where it does: IPv4-mapped (`::ffff:a.b.c.d`) and
 * NAT64's well-known prefix (`64:ff9b::a.b.c.d`) reach that IPv4 address, so they are judged as it.
 */
function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const mapped = zeros(0, 10) && b[10] === 0xff && b[11] === 0xff;
  const nat64 = b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12);
  return mapped || nat64 ? b.slice(12).join('.') : null;
}

/** Whether an address is inside a network (anything but a public address, text that is no address included). */
export const isInnerAddress = (address: string): boolean => addressKind(address) !== null;

/** The kind of inner address this is, or null for an address on the internet. */
export function addressKind(address: string): Kind | null {
  const family = net.isIP(address);
  if (family === 4) return V4_LISTS.find((l) => l.list.check(address, 'ipv4'))?.kind ?? null;
  if (family !== 6) return 'reserved';
  const v4 = embeddedIpv4(address);
  if (v4) return addressKind(v4);
  return V6_LISTS.find((l) => l.list.check(address, 'ipv6'))?.kind ?? null;
}

const KIND_TEXT: Record<Kind, string> = {
  loopback: 'eine Loopback-Adresse',
  private: 'eine private Adresse',
  'link-local': 'eine link-lokale Adresse',
  'unique-local': 'eine lokale IPv6-Adresse',
  shared: 'eine Adresse des Carrier-Grade-NAT',
  reserved: 'eine reservierte Adresse',
  multicast: 'eine Multicast-Adresse',
};

/** Why the platform may not connect to this address under the policy (German), or null when it may. */
export function addressRefusal(address: string, policy: TargetPolicy): string | null {
  const kind = addressKind(address);
  if (kind === null || (kind === 'loopback' && policy === 'development')) return null;
  return `Ziel nicht erlaubt: ${address} ist ${KIND_TEXT[kind]}.`;
}

/** An IP literal in a URL's host (`[::1]` without its brackets), or null for a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) === 0 ? null : bare;
}
