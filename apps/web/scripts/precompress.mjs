// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at the
// highest levels: the server hands them to browsers that accept them (@fastify/static preCompressed),
// so a phone downloads about a third of the bytes and no request pays for compressing.
// Usage: node apps/web/scripts/precompress.mjs [distDir]
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distDir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
// Below this a compressed copy saves less than its own headers cost.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(distDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  const content = await readFile(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  files++;
  before += content.length;
  after += brotli.length;
}
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with Brotli`,
);
