export { renderOpml, predefinedFeedOutlines, type OpmlOutline, type PredefinedOutlines } from './render-opml.js';
