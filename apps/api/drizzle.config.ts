import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core tables, and one file per area that brings its own (schema-provider.ts, schema-employer.ts, …).
  schema: ['./src/db/schema.ts', './src/db/schema-*.ts'],
  out: './drizzle',
});
