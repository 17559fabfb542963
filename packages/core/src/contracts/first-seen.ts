/**
 * Remembers when pagefeed first saw each item of a feed. Atom requires an `updated` date on every
 * entry; for an item whose page shows no date that date is the first time pagefeed saw it, which
 * must not move between rebuilds, restarts or instances (readers would show the item as new again).
 *
 * Implementations: `createCacheFirstSeen(cache)` in core (memory, or Redis shared by instances),
 * `createFileFirstSeen({ directory })` in `@pagefeed/fetchers` (the embedded default, survives restarts).
 */
export interface FirstSeenStore {
  readonly name: string;
  /**
   * For each GUID, the time it was first recorded for `feedKey`; GUIDs not yet recorded are
   * recorded as `now`. Returns times in ms since the epoch, one per GUID.
   */
  remember(feedKey: string, guids: readonly string[], now: number): Promise<ReadonlyMap<string, number>>;
  /**
   * The feed's record as stored (undefined: none), without recording anything. Optional: the
   * server's extraction pool reads it before a build and sends it with the task, so the worker
   * merges the times itself (`mergeFirstSeen`) instead of asking the main thread during the build;
   * the pool then calls `remember` with the same GUIDs and time, one build of a feed at a time.
   */
  peek?(feedKey: string): Promise<FirstSeenRecordShape | undefined>;
}

/** A feed's stored record: first-seen time (ms) by GUID (`FirstSeenRecord` in the items module). */
export interface FirstSeenRecordShape {
  readonly version: 1;
  readonly seen: Readonly<Record<string, number>>;
}
