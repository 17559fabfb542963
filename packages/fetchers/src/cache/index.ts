export { createMemoryCache, type MemoryCacheDriver, type MemoryCacheOptions } from './memory.js';
export {
  createSingleFlight,
  type SingleFlight,
  type SingleFlightOptions,
  type SingleFlightRunOptions,
} from './single-flight.js';
