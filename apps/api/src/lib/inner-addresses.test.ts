import { describe, expect, it } from 'vitest';

import { addressKind, addressRefusal, isInnerAddress } from './inner-addresses.js';

describe('addresses inside a network', () => {
  it('knows the inner ranges, IPv4-mapped and NAT64 forms included', () => {
    const kinds: [string, string | null][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.31.255.1', 'private'],
      ['192.168.0.10', 'private'],
      ['::ffff:192.168.0.10', 'private'],
      ['64:ff9b::10.0.0.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1', 'link-local'],
      ['fd00:ec2::254', 'unique-local'],
      ['100.100.100.200', 'shared'],
      ['0.0.0.0', 'reserved'],
      ['::', 'reserved'],
      ['192.0.0.192', 'reserved'],
      ['224.0.0.1', 'multicast'],
      ['ff02::1', 'multicast'],
      ['93.184.215.14', null],
      ['2606:4700::6810:84e5', null],
      ['::ffff:93.184.215.14', null],
      ['172.32.0.1', null],
    ];
    for (const [address, kind] of kinds) expect(addressKind(address), address).toBe(kind);
  });

  it('refuses loopback, private, link-local and mapped addresses, and lets public ones through', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a00:1',
      'nonsense',
    ]) {
      expect(isInnerAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '141.1.1.1', '2a00:1450:4001:80b::200e']) {
      expect(isInnerAddress(address), address).toBe(false);
    }
  });

  it('says in German why an address is refused, and lets loopback through in development only', () => {
    expect(addressRefusal('169.254.169.254', 'development')).toBe(
      'Ziel nicht erlaubt: 169.254.169.254 ist eine link-lokale Adresse.',
    );
    expect(addressRefusal('127.0.0.1', 'development')).toBeNull();
    expect(addressRefusal('127.0.0.1', 'production')).toBe('Ziel nicht erlaubt: 127.0.0.1 ist eine Loopback-Adresse.');
    expect(addressRefusal('8.8.8.8', 'production')).toBeNull();
  });
});
