import { describe, expect, it } from 'vitest';

import { publicHttpsFetch } from './outbound.js';

describe("production calls to an employer's identity provider", () => {
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
