// Checks what `npm test` needs before it starts, and fails with one clear line naming what is missing.
import { findChromium } from './chromium.mjs';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js 20.19 or newer is required (found ${process.versions.node}).`);
  process.exit(1);
}
if (!findChromium()) {
  console.error(
    'Chromium is missing for the browser tests: install it with `apt-get install -y chromium` or set CHROMIUM_PATH.',
  );
  process.exit(1);
}
