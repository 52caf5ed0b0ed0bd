// A fresh database on a PostgreSQL server for one bench run, or null when no server answers.
import pg from 'pg';

export async function createPostgresDatabase(url, name) {
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } catch {
    await admin.end().catch(() => undefined);
    return null;
  }
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The server address without its credentials, for the log. */
export function redact(url) {
  return url.replace(/\/\/[^@]*@/, '//***@');
}
