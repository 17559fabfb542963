export {
  definePostProcessor,
  PostProcessorFailure,
  type PostProcessor,
  type PostProcessorContext,
  type PostProcessorValue,
} from './define.js';
export { builtinPostProcessors, compilePostProcessors, type CompiledStep } from './registry.js';
export { runPostProcessors, type ChainResult } from './run.js';
