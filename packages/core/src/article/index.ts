export { extractArticle, type Article, type ArticleOptions } from './extract-article.js';
export { articleText } from './render-text.js';
