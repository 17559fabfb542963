/** Kept equal to package.json by a test; sent in every User-Agent. */
export const PAGEFEED_VERSION = '0.1.0';
export const USER_AGENT = `pagefeed/${PAGEFEED_VERSION} (+https://github.com/pagefeed)`;
