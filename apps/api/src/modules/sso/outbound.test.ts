import { describe, expect, it } from 'vitest';

import { publicHttpsFetch, refusedAddress } from './outbound.js';

describe("production calls to an employer's identity provider", () => {
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
      expect(refusedAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '141.1.1.1', '2a00:1450:4001:80b::200e']) {
      expect(refusedAddress(address), address).toBe(false);
    }
  });

  it('never calls plain http, a literal inner address or a name that resolves to one', async () => {
    const init = { headers: {}, method: 'GET' };
    await expect(publicHttpsFetch('http://idp.example.com/.well-known/openid-configuration', init)).rejects.toThrow(
      /refused/,
    );
    await expect(publicHttpsFetch('https://127.0.0.1/.well-known/openid-configuration', init)).rejects.toThrow(
      /refused/,
    );
    await expect(publicHttpsFetch('https://[::1]/', init)).rejects.toThrow(/refused/);
    // `localhost` resolves to the loopback: refused when the connection is made.
    await expect(publicHttpsFetch('https://localhost/', init)).rejects.toThrow(/refused/);
  });
});
