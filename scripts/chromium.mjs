import fs from 'node:fs';

/** The system Chromium the browser tests drive (Debian package `chromium`); override with CHROMIUM_PATH. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}
