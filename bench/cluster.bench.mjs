// `npm run bench -- cluster`: the personal search through nginx with one, two and three instances of
// the built server on PostgreSQL and Redis (needs nginx, TEST_DATABASE_URL and TEST_REDIS_URL, as the
// cluster test does). Prints requests per second and the scaling ratio. The search/static ratio is
// printed by `npm run bench -- api`.
import { spawnSync } from 'node:child_process';

const result = spawnSync(process.execPath, ['scripts/cluster-test.mjs', '--bench'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
