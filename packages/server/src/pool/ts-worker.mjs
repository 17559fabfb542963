// Starts the TypeScript worker (worker.ts) under tsx when the pool itself runs from its sources
// (vitest); the built server starts dist/pool/worker.js directly and never loads this file.
import { workerData } from 'node:worker_threads';

const { tsImport } = await import('tsx/esm/api');
await tsImport(workerData.entry, import.meta.url);
