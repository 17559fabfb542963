import { defineConfig } from 'vitest/config';

/**
 * Shared test config: workspace packages resolve to their TypeScript sources (the `source`
 * export condition), so a package's tests never wait for another package's build.
 */
export default defineConfig({
  resolve: { conditions: ['source', 'import', 'default'] },
  ssr: { resolve: { conditions: ['source', 'import', 'default'], externalConditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
