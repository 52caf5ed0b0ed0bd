// The first views that the bundle budget and Lighthouse measure, by what src/main.tsx and
// src/app/router.tsx load for them (paths relative to the app's folder). Read by the chunk plan
// (first-view-chunks.mjs) and by the pages the build writes ahead (prerender.mjs); a module renamed in
// the route table without a change here fails the build.

/**
 * /login's own modules: its layout, its route and the hand-over of what was typed into the prerendered
 * form. They keep the chunks the bundler gives them (first-view-chunks.mjs).
 */
export const SIGN_IN_MODULES = [
  'src/app/layouts/auth-layout.tsx',
  'src/app/routes/login.tsx',
  'src/lib/prerendered.ts',
];

const SIGNED_IN_LAYOUT = 'src/app/layouts/main-layout.tsx';

/**
 * The signed-in first views: their modules, the page the build writes for them (a segment in brackets
 * stands for any one segment of the path, as the server reads it), the translation namespaces the
 * page asks for besides the common one, the GET requests its routes start first, as the API client
 * sends them (`{n}`: the address's n-th segment; public/before-first-paint.js sends them early), and the
 * path whose page before its data the build renders into it, if any (`shell`).
 */
export const SIGNED_IN_VIEWS = {
  search: {
    // Its snapshot has a form (the filter): the hand-over of what was typed loads with the page's scripts,
    // not a round trip after the entry has run (src/main.tsx).
    modules: [SIGNED_IN_LAYOUT, 'src/app/routes/search.tsx', 'src/lib/prerendered.ts'],
    page: 'search.html',
    namespaces: ['catalog'],
    requests: ['/v1/me', '/v1/search', '/v1/search/manufacturers', '/v1/search/models'],
    // Before its data the page is the same for everyone: it paints while the scripts load (ADR 0023).
    shell: '/search',
  },
  vehicle: {
    modules: [SIGNED_IN_LAYOUT, 'src/app/routes/vehicle.tsx'],
    page: 'vehicle/[vehicleId].html',
    namespaces: ['catalog'],
    requests: ['/v1/me', '/v1/vehicle/{2}'],
    // Its largest paint is the vehicle's first picture: the page before the data shows it, filled in by
    // the server, which knows it from the address; without it the page is the one without a shell.
    shell: '/vehicle/[vehicleId]',
  },
  salary: {
    modules: [SIGNED_IN_LAYOUT, 'src/app/routes/profile.tsx', 'src/app/routes/profile-salary.tsx'],
    page: 'profile/salary.html',
    namespaces: ['profile'],
    requests: ['/v1/me', '/v1/user/info', '/v1/user/user-info-config'],
    // Its largest paint, the introduction, needs no data: the page as it shows before the data has come
    // paints while the scripts load (ADR 0023).
    shell: '/profile/salary',
  },
};
