/**
 * A slot the web build leaves in a page it prerendered, for the server to fill in per request: the
 * vehicle page before its data shows the vehicle's first picture, which only the server knows from the
 * address (apps/web/scripts/prerender.mjs writes it, apps/api/src/plugins/web-app.ts fills it). A plain
 * token, so React renders it into an attribute unchanged.
 */
export const PAGE_PICTURE_SLOT = '%PAGE_PICTURE%';
