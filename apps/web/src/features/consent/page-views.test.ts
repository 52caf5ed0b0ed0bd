import { afterEach, describe, expect, it } from 'vitest';

import { loadAnalyticsScript, pageViewUrl, reportPageView, resetPageViewsForTest, routePattern } from './page-views';

describe('what a page view tells the analytics host', () => {
  it('names the route, never the codes or numbers in it', () => {
    expect(routePattern('/invite/Xy7-secret', { code: 'Xy7-secret' })).toBe('/invite/:code');
    expect(routePattern('/user/passwordReset/abc123', { code: 'abc123' })).toBe('/user/passwordReset/:code');
    expect(routePattern('/order/42/workflow', { orderId: '42' })).toBe('/order/:orderId/workflow');
    expect(routePattern('/search', {})).toBe('/search');
    expect(routePattern('/', {})).toBe('/');
  });

  it('matches values the router decoded, and folds an unknown path into one 404 pattern', () => {
    expect(routePattern('/register/M%C3%BCller%20AG', { registerCode: 'Müller AG' })).toBe('/register/:registerCode');
    expect(routePattern('/no/such/page', { '*': 'no/such/page' })).toBe('/*');
    expect(routePattern('/provider/nothing-here', { '*': 'nothing-here' })).toBe('/provider/*');
  });

  it('sends this origin and the pattern only: no query string, no fragment', () => {
    expect(pageViewUrl('https://leasing.example.com', '/vehicle/7', { vehicleId: '7' })).toBe(
      'https://leasing.example.com/vehicle/:vehicleId',
    );
  });
});

describe('the analytics script', () => {
  afterEach(() => {
    resetPageViewsForTest();
  });

  it('is added once, with the site name, and page views wait in its queue until it runs', () => {
    reportPageView('https://leasing.example.com/search');
    const analytics = {
      scriptUrl: 'https://stats.example.com/js/script.manual.js',
      site: 'leasing.example.com',
      host: 'stats.example.com',
    };
    // Kept out of the document: the test environment would try to fetch the script.
    const scripts: HTMLScriptElement[] = [];
    const head = {
      appendChild: <T extends Node>(node: T) => (scripts.push(node as unknown as HTMLScriptElement), node),
    };
    loadAnalyticsScript(analytics, head);
    loadAnalyticsScript(analytics, head);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://stats.example.com/js/script.manual.js');
    expect(scripts[0]?.dataset['domain']).toBe('leasing.example.com');
    expect(window.plausible?.q).toEqual([['pageview', { u: 'https://leasing.example.com/search' }]]);
  });
});
