import { createAutoSource } from '@pagefeed/auto-source';
import { createEngine, FeedError } from '@pagefeed/core';

/**
 * An engine for in-process benchmarks: the page is always given (`source`), and any follow-up
 * fetch (auto-source's WordPress REST probe) fails at once the way an unreachable site would,
 * so no benchmark touches the network.
 */
const offline = {
  name: 'plain',
  fetch(request) {
    return Promise.reject(new FeedError('FetchFailed', `benchmark is offline: ${request.url} not fetched`));
  },
};

export function createBenchEngine({ auto = false } = {}) {
  return createEngine({ strategies: { plain: offline }, ...(auto ? { autoSource: createAutoSource() } : {}) });
}
