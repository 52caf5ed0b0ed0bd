import { config } from 'zod/mini';

// zod 4 compiles object parsers with `new Function` unless told otherwise; the server sends a strict
// CSP (`script-src 'self'`, no 'unsafe-eval'), so the probe alone would log CSP violations.
// This module must be imported before any module that builds schemas (see main.tsx).
config({ jitless: true });
