import { defineConfig } from 'vitest/config';
import shared from '../vitest.shared.js';

/**
 * `pnpm test:stress`: the bounded loopback load runs only (`*.stress.test.ts`), one file at a
 * time. Built by hand rather than merged, because merging would append to the shared `include`.
 */
export default defineConfig({
  ...shared,
  test: { ...shared.test, include: ['src/**/*.stress.test.ts'], fileParallelism: false, testTimeout: 600_000, hookTimeout: 300_000 },
});
