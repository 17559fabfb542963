import { applyParameters, firstSeenKey, type FeedConfig, type FirstSeenStore } from '@pagefeed/core';
import type { Logger } from '../operating/logger.js';
import type { FirstSeenHint, FirstSeenRecorded } from './protocol.js';

/**
 * First-seen records sent with the task. Without them a worker building a feed asks the main
 * thread for the times of its GUIDs (`firstSeen.remember`) and waits for the answer: two hand-overs
 * between threads on every cold feed's path. With them, the pool reads the feed's record before
 * the build (`FirstSeenStore.peek`, while the page is fetched), the worker merges its GUIDs into
 * it (`mergeFirstSeen`, as the store would) and renders at once, and the pool records the same
 * GUIDs and time with the store's own `remember` after the answer.
 *
 * For the times the worker used to be the ones the store keeps, no other build of the same feed
 * may record between the read and the `remember`: the builds of one feed (its page URL) therefore
 * take turns here, each reading the record once the one before has recorded. Builds of different
 * feeds are not held up. Other processes (instances sharing Redis) are not covered, as they are not
 * by the store itself: a GUID first seen by two instances at once keeps the time of the later write.
 */
export interface FirstSeenHints {
  /** Waits for the feed's earlier builds, then reads its record. `settle` must be called once, when the task ends. */
  claim(config: FeedConfig, parameters: Readonly<Record<string, string>> | undefined): Promise<FirstSeenClaim>;
}

export interface FirstSeenClaim {
  /** Undefined: the worker asks the main thread as before (no store, no `peek`, or the read failed). */
  readonly hint?: FirstSeenHint | undefined;
  /** What the worker recorded from the hint (undefined: nothing, e.g. the task failed); frees the feed for its next build. */
  settle(recorded: FirstSeenRecorded | undefined): void;
}

const NOTHING: FirstSeenClaim = { settle: () => {} };

export function createFirstSeenHints(store: FirstSeenStore | undefined, logger: Logger): FirstSeenHints {
  // The end of the latest build of each feed, while one runs or waits.
  const turns = new Map<string, Promise<void>>();

  async function claim(config: FeedConfig, parameters: Readonly<Record<string, string>> | undefined): Promise<FirstSeenClaim> {
    if (!store?.peek) return NOTHING;
    let feedKey: string;
    try {
      feedKey = firstSeenKey((parameters ? applyParameters(config, parameters) : config).channel.url);
    } catch {
      return NOTHING; // The worker's engine reports the parameter error.
    }
    const before = turns.get(feedKey);
    let free!: () => void;
    const turn = new Promise<void>((done) => {
      free = done;
    });
    turns.set(feedKey, turn);
    const release = () => {
      if (turns.get(feedKey) === turn) turns.delete(feedKey);
      free();
    };
    if (before) await before;
    let record;
    try {
      record = await store.peek(feedKey);
    } catch (error) {
      logger.debug('first-seen record not read before the build; the worker asks for it', { error: (error as Error).message });
      return { settle: release };
    }
    let settled = false;
    return {
      hint: { feedKey, record },
      settle(recorded) {
        if (settled) return;
        settled = true;
        if (!recorded || recorded.feedKey !== feedKey) return release();
        // After the answer: `settle` is called as the task's promise resolves, and the answer is
        // written a few promise steps later; the store's merge (and the check below) would run first.
        setImmediate(() => {
          store.remember(feedKey, recorded.guids, recorded.now).then((times) => {
            const moved = recorded.guids.filter((guid) => times.get(guid) !== expectedTime(record, guid, recorded.now)).length;
            if (moved > 0) logger.warn('first-seen times changed while a feed was built (another instance sharing the store?); its answer carries the times it was built with', { items: moved });
          }, (error: unknown) => {
            logger.warn('could not record first-seen times after a build; its new items get a later time when seen again', { error: (error as Error).message });
          }).finally(release);
        });
      },
    };
  }

  return { claim };
}

/** The time `mergeFirstSeen` gives `guid` from `record` at `now`: the recorded one if usable, else `now`. */
function expectedTime(record: FirstSeenHint['record'], guid: string, now: number): number {
  const known = record && Object.hasOwn(record.seen, guid) ? record.seen[guid] : undefined;
  return typeof known === 'number' && Number.isFinite(known) ? known : now;
}
