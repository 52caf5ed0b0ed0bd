/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "true" posts missing translation keys to the API (`POST /locales/add/{lng}/{ns}`); default: dev server only. */
  readonly VITE_SAVE_MISSING_TRANSLATIONS?: string;
  /** Base URL of the API; empty means same origin (the production setup). */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
