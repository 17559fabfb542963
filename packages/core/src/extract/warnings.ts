import type { FeedWarning } from '../engine/types.js';

/**
 * The service reference's checklists, quoted in the warnings so a user sees the likely causes
 * right where the feed came out empty.
 */
export const EMPTY_FEED_CAUSES =
  "wrong or unreachable 'url'; 'items.selector' matching nothing; changed page structure; " +
  "JavaScript-loaded content under strategy 'plain' (try 'renderer'); a site requiring authentication headers (set 'headers')";

export const MISSING_PART_CAUSES =
  "selector wrong or not relative to 'items.selector'; wrong 'extractor'; dynamic content under strategy 'plain' (try 'renderer')";

export function noItemsWarning(selector: string, path: string): FeedWarning {
  return {
    code: 'NoItemsMatched',
    message: `items.selector "${selector}" matched nothing on the page (${path}). Causes to check: ${EMPTY_FEED_CAUSES}`,
    path,
  };
}

export function emptyPartWarning(name: string, path: string, items: number): FeedWarning {
  return {
    code: 'PartEmpty',
    message: `Part "${name}" is empty on all ${items} items (${path}). Causes to check: ${MISSING_PART_CAUSES}`,
    path,
  };
}

/**
 * One warning per code and path: the first item's warning, counting the others, so a broken part
 * on 200 items gives one line rather than 200.
 */
export function collapseWarnings(warnings: readonly FeedWarning[]): FeedWarning[] {
  const groups = new Map<string, { first: FeedWarning; count: number }>();
  for (const warning of warnings) {
    const key = `${warning.code}\u0000${warning.path ?? ''}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: warning, count: 1 });
  }
  return [...groups.values()].map(({ first, count }) =>
    count === 1 ? first : { ...first, message: `${first.message} (and ${count - 1} more item${count === 2 ? '' : 's'})` },
  );
}

/** Selectors read pages; a native feed's entries are its items already (the engine passes them through). */
export function selectorsOnFeedWarning(url: string, path: string): FeedWarning {
  return {
    code: 'SelectorsNotApplied',
    message: `${url} is already a feed (RSS, Atom or JSON Feed): selectors are not applied to it (${path}); its entries are the items`,
    path,
  };
}
