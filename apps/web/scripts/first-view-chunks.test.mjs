import { describe, expect, it } from 'vitest';

import { planFirstViewChunks } from './first-view-chunks.mjs';

const APP = '/app';
const src = (/** @type {string} */ file) => `${APP}/src/${file}`;

/**
 * A chunk of a build's output.
 * @param {string} fileName
 * @param {string[]} moduleIds
 * @param {{ imports?: string[], facade?: string, isEntry?: boolean }} [options]
 */
const chunk = (fileName, moduleIds, { imports = [], facade, isEntry = false } = {}) => ({
  type: /** @type {const} */ ('chunk'),
  fileName,
  moduleIds,
  imports,
  facadeModuleId: facade ?? null,
  isEntry,
});

/** A first build as the bundler splits it: a chunk per route and one per set of routes sharing modules. */
function firstBuild() {
  return [
    chunk('index.js', [src('main.tsx'), '/nm/mantine/Box.mjs'], { isEntry: true }),
    chunk('auth-layout.js', [src('app/layouts/auth-layout.tsx')], { facade: src('app/layouts/auth-layout.tsx') }),
    chunk('login.js', [src('app/routes/login.tsx')], { facade: src('app/routes/login.tsx'), imports: ['Input.js'] }),
    chunk('prerendered.js', [src('lib/prerendered.ts')], { facade: src('lib/prerendered.ts') }),
    chunk('main-layout.js', [src('app/layouts/main-layout.tsx')], {
      facade: src('app/layouts/main-layout.tsx'),
      imports: ['Burger.js', 'index.js'],
    }),
    chunk('Burger.js', ['/nm/mantine/Burger.mjs']),
    chunk('Input.js', ['/nm/mantine/Input.mjs']),
    chunk('Table.js', ['/nm/mantine/Table.mjs']),
    chunk('search.js', [src('app/routes/search.tsx')], { facade: src('app/routes/search.tsx') }),
    chunk('vehicle.js', [src('app/routes/vehicle.tsx')], {
      facade: src('app/routes/vehicle.tsx'),
      imports: ['Table.js', 'Input.js'],
    }),
    chunk('profile.js', [src('app/routes/profile.tsx')], { facade: src('app/routes/profile.tsx') }),
    chunk('profile-salary.js', [src('app/routes/profile-salary.tsx')], {
      facade: src('app/routes/profile-salary.tsx'),
      imports: ['Input.js'],
    }),
    // A screen that is no first view keeps the bundler's chunks.
    chunk('employer.js', [src('app/routes/employer.tsx')], { facade: src('app/routes/employer.tsx') }),
    { type: /** @type {const} */ ('asset') },
  ];
}

describe('planFirstViewChunks', () => {
  const plan = planFirstViewChunks(firstBuild(), APP);

  it('groups each module by the first views that use it', () => {
    expect(plan[src('app/routes/vehicle.tsx')]).toBe('first-view-vehicle');
    expect(plan['/nm/mantine/Table.mjs']).toBe('first-view-vehicle');
    expect(plan[src('app/routes/profile.tsx')]).toBe('first-view-salary');
    expect(plan[src('app/routes/profile-salary.tsx')]).toBe('first-view-salary');
    // The signed-in layout and what it imports go with all three signed-in pages.
    expect(plan[src('app/layouts/main-layout.tsx')]).toBe('first-view-salary-search-vehicle');
    expect(plan['/nm/mantine/Burger.mjs']).toBe('first-view-salary-search-vehicle');
    // Used by the sign-in form, the salary form and the vehicle page, not by the search.
    expect(plan['/nm/mantine/Input.mjs']).toBe('first-view-login-salary-vehicle');
  });

  it("leaves the entry's modules, the sign-in page's own modules and other screens alone", () => {
    for (const id of [
      src('main.tsx'),
      '/nm/mantine/Box.mjs',
      src('app/layouts/auth-layout.tsx'),
      src('app/routes/login.tsx'),
      src('lib/prerendered.ts'),
      src('app/routes/employer.tsx'),
    ]) {
      expect(plan[id], id).toBeUndefined();
    }
  });

  it('fails the build when a view starts at a module that has no chunk', () => {
    const withoutSearch = firstBuild().filter((item) => !('fileName' in item) || item.fileName !== 'search.js');
    expect(() => planFirstViewChunks(withoutSearch, APP)).toThrow(/src\/app\/routes\/search\.tsx/);
  });
});
