// `npm run bench -- cluster`: the personal search through nginx with one, two and three instances of
// the built server on PostgreSQL and Redis (needs nginx, TEST_DATABASE_URL and TEST_REDIS_URL, as the
// cluster test does). Prints requests per second, the scaling ratio, and the personal search against
// a static file of the same bytes through nginx (the single-process ratio is in `npm run bench -- api`).
import { spawnSync } from 'node:child_process';

const result = spawnSync(process.execPath, ['scripts/cluster-test.mjs', '--bench'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
