import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, eq } from 'drizzle-orm';
import { loadConfig } from '/work/wt/scale/apps/api/src/config/env.ts';
import { startRuntime } from '/work/wt/scale/apps/api/src/runtime.ts';
import { runInScope, runAsSystem } from '/work/wt/scale/apps/api/src/db/scope.ts';
import { users } from '/work/wt/scale/apps/api/src/db/schema.ts';
const secrets = JSON.parse(fs.readFileSync(fs.readdirSync(path.join(os.tmpdir(), 'leasing-bench-scale')).map((f) => path.join(os.tmpdir(), 'leasing-bench-scale', f))[0]!, 'utf8'));
const config = loadConfig({ ...process.env, ...secrets, NODE_ENV: 'test', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/leasing_bench_scale', DATA_DIR: fs.mkdtempSync('/tmp/scale-probe/d'), DEMO_DATA: 'true', LOG_LEVEL: 'warn' });
const rt = await startRuntime(config, { startJobs: false });
const db = rt.database.db;
const [p] = await runAsSystem(() => db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com')));
for (const q of process.argv.slice(2)) {
  const r = await runInScope({ role: 'PROVIDER_ADMIN', userId: p!.id, tenantId: null }, () => db.execute(sql.raw(`explain analyze ${q}`)));
  console.log((r as any).rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
await rt.close();
