import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../vitest.shared.js';

/** The CI suite; the load runs (`*.stress.test.ts`) have their own config and script. */
export default mergeConfig(shared, defineConfig({ test: { exclude: ['**/node_modules/**', 'src/**/*.stress.test.ts'] } }));
