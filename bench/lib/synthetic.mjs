/**
 * Synthetic list pages for the memory benchmark: `<li class="item">` entries with a linked
 * heading, a date and a paragraph, repeated until the page reaches `bytes`.
 */
export function listItem(index, variant = 0) {
  const day = String((index % 28) + 1).padStart(2, '0');
  return `<li class="item"><h2><a href="/posts/${variant}/${index}">Post ${index} of feed ${variant}: a headline of ordinary length</a></h2>`
    + `<time datetime="2024-03-${day}T10:00:00Z">March ${day}</time>`
    + `<p>Summary of post ${index}, long enough to look like a teaser paragraph with <b>some</b> markup &amp; an entity.</p></li>\n`;
}

export function listPage({ bytes = 0, items = 0, variant = 0 }) {
  const parts = ['<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Long list</title></head><body><main><ul class="list">\n'];
  let size = parts[0].length;
  for (let index = 0; (bytes > 0 && size < bytes) || index < items; index += 1) {
    const item = listItem(index, variant);
    parts.push(item);
    size += item.length;
  }
  parts.push('</ul></main></body></html>\n');
  return parts.join('');
}

/** The selectors config for these pages. */
export const LIST_SELECTORS = {
  items: { selector: 'li.item' },
  parts: {
    title: { selector: 'h2' },
    url: { selector: 'a', extractor: 'href' },
    published_at: { selector: 'time', extractor: 'attribute', attribute: 'datetime', post_process: [{ name: 'parse_time' }] },
    description: { selector: 'p', extractor: 'html' },
  },
};

export const LIST_SELECTORS_YAML = `selectors:
  items:
    selector: "li.item"
  title:
    selector: "h2"
  url:
    selector: "a"
    extractor: href
  published_at:
    selector: "time"
    extractor: attribute
    attribute: datetime
    post_process:
      - name: parse_time
  description:
    selector: "p"
    extractor: html
`;

/**
 * A page of `items` sibling `<article>` elements, each a heading link (about 60 bytes an item:
 * 60,000 items make 3.6 MB), the shape of the page that once took auto mode 43 s.
 */
export function articlePage(items) {
  const parts = ['<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Many articles</title></head><body><main>\n'];
  for (let index = 0; index < items; index += 1) parts.push(`<article><h2><a href="/p/${index}">Post ${index}</a></h2></article>\n`);
  parts.push('</main></body></html>\n');
  return parts.join('');
}

/** The selectors config for `articlePage`. */
export const ARTICLE_SELECTORS_YAML = `selectors:
  items:
    selector: "article"
  title:
    selector: "h2"
  url:
    selector: "a"
    extractor: href
`;
