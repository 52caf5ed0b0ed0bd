/** Toast auto-close (spec 9): 3 s in the login and profile parts. */
export const TOAST_SHORT_MS = 3000;
/** Toast auto-close (spec 9): 5 s in the order parts and app-wide. */
export const TOAST_LONG_MS = 5000;
