import { isTag, isText, type Document, type Element, type ParentNode } from 'domhandler';

export interface ArticleMetadata {
  title?: string;
  byline?: string;
  published?: string;
}

/** Title, author and publication date as the page declares them in `<meta>` tags, or its `<title>`/`<h1>`. */
export function articleMetadata(document: Document): ArticleMetadata {
  const metas = new Map<string, string>();
  let titleTag: string | undefined;
  let heading: string | undefined;
  const visit = (node: ParentNode): void => {
    for (const child of node.children) {
      if (!isTag(child)) continue;
      if (child.name === 'meta') readMeta(child, metas);
      else if (child.name === 'title' && titleTag === undefined) titleTag = clean(textOf(child));
      else if (child.name === 'h1' && heading === undefined) heading = clean(textOf(child));
      if (child.name !== 'script' && child.name !== 'style') visit(child);
    }
  };
  visit(document);
  const result: ArticleMetadata = {};
  const title = metas.get('og:title') ?? metas.get('twitter:title') ?? heading ?? titleTag;
  if (title) result.title = title;
  const byline = metas.get('author') ?? metas.get('article:author') ?? metas.get('dc.creator');
  if (byline && !/^https?:/.test(byline)) result.byline = byline;
  const published = metas.get('article:published_time') ?? metas.get('date') ?? metas.get('dc.date');
  if (published) result.published = published;
  return result;
}

function readMeta(meta: Element, metas: Map<string, string>): void {
  const key = (meta.attribs.property ?? meta.attribs.name ?? meta.attribs.itemprop ?? '').toLowerCase();
  const content = clean(meta.attribs.content ?? '');
  if (key !== '' && content !== '' && !metas.has(key)) metas.set(key, content);
}

function textOf(node: ParentNode): string {
  let text = '';
  for (const child of node.children) {
    if (isText(child)) text += child.data;
    else if (isTag(child)) text += textOf(child);
  }
  return text;
}

function clean(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
