export { run } from './main.js';
export { processIo, type CliIo } from './io.js';
