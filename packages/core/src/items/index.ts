export { sanitizeItemHtml } from './sanitize.js';
