import { describeStrategyContract } from '../test-support/strategy-contract.js';
import { createPlainStrategy } from './plain.js';

describeStrategyContract('plain', () => createPlainStrategy({ readTimeoutMs: 5_000 }), { conditionalRequests: true });
