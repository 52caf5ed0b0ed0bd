// The first views that the bundle budget and Lighthouse measure, by what src/main.tsx and
// src/app/router.tsx load for them (paths relative to the app's folder). Read by the chunk plan
// (first-view-chunks.mjs) and by the pages the build writes ahead (prerender.mjs); a module renamed in
// the route table without a change here fails the build.

/** /login: its layout, its route and the takeover of the prerendered snapshot. */
export const SIGN_IN_MODULES = [
  'src/app/layouts/auth-layout.tsx',
  'src/app/routes/login.tsx',
  'src/lib/prerendered.ts',
];

const SIGNED_IN_LAYOUT = 'src/app/layouts/main-layout.tsx';

/**
 * The signed-in first views: their modules, the page the build writes for them (a segment in brackets
 * stands for any one segment of the path, as the server reads it) and the translation namespaces the
 * page asks for besides the common one.
 */
export const SIGNED_IN_VIEWS = {
  search: {
    modules: [SIGNED_IN_LAYOUT, 'src/app/routes/search.tsx'],
    page: 'search.html',
    namespaces: ['catalog'],
  },
  vehicle: {
    modules: [SIGNED_IN_LAYOUT, 'src/app/routes/vehicle.tsx'],
    page: 'vehicle/[vehicleId].html',
    namespaces: ['catalog'],
  },
  salary: {
    modules: [SIGNED_IN_LAYOUT, 'src/app/routes/profile.tsx', 'src/app/routes/profile-salary.tsx'],
    page: 'profile/salary.html',
    namespaces: ['profile'],
  },
};
