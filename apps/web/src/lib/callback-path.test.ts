import { describe, expect, it } from 'vitest';

import { isSafeCallbackPath, loginPathFor, resolveCallbackPath } from './callback-path';

describe('isSafeCallbackPath', () => {
  it.each(['/', '/search', '/search?brands=Tesla,Kia&models=Model%203', '/order/12/workflow', '/faq#laden'])(
    'accepts the local path %s',
    (path) => {
      expect(isSafeCallbackPath(path)).toBe(true);
    },
  );

  it.each([
    ['protocol-relative', '//evil.example/path'],
    ['absolute URL', 'https://evil.example/'],
    ['scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['backslash trick', '/\\evil.example'],
    ['tab trick', '/\t/evil.example'],
    ['newline', '/search\n'],
    ['relative path', 'search'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('rejects %s', (_label, path) => {
    expect(isSafeCallbackPath(path)).toBe(false);
  });

  it('rejects null and undefined', () => {
    expect(isSafeCallbackPath(null)).toBe(false);
    expect(isSafeCallbackPath(undefined)).toBe(false);
  });
});

describe('resolveCallbackPath', () => {
  it('returns a safe path unchanged', () => {
    expect(resolveCallbackPath('/profile/orders?x=1')).toBe('/profile/orders?x=1');
  });

  it('falls back to / for unsafe or missing values', () => {
    expect(resolveCallbackPath('//evil.example')).toBe('/');
    expect(resolveCallbackPath(null)).toBe('/');
  });

  it('does not return to the login or logout page', () => {
    expect(resolveCallbackPath('/login?callbackPath=%2Fsearch')).toBe('/');
    expect(resolveCallbackPath('/logout')).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('carries path and query string in callbackPath', () => {
    expect(loginPathFor('/search', '?brands=Tesla')).toBe('/login?callbackPath=%2Fsearch%3Fbrands%3DTesla');
  });

  it('leaves callbackPath out for /', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/', '?a=1')).toBe('/login');
  });
});
