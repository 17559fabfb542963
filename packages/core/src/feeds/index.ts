export { hasFeedRoot, isNativeFeed } from './detect.js';
export { describeFeedFormat, parseFeedSource } from './parse-feed.js';
export { MAX_FEED_DEPTH } from './xml.js';
