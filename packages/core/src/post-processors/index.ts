export {
  definePostProcessor,
  PostProcessorFailure,
  type PostProcessor,
  type PostProcessorContext,
  type PostProcessorValue,
} from './define.js';
export { builtinPostProcessors } from './builtin.js';
export { compilePostProcessors, type CompiledStep } from './registry.js';
export { postProcessorOptions } from './options.js';
export { runPostProcessors, type ChainResult } from './run.js';
