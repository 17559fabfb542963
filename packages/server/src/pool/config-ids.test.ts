import type { FeedConfig } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createConfigIds, createKnownConfigs } from './config-ids.js';
import type { TaskMessage } from './protocol.js';

const config = (name: string) => ({ channel: { title: name, url: `https://example.com/${name}` }, strategy: 'plain' }) as unknown as FeedConfig;
const task = (id: number, feed: FeedConfig): TaskMessage => ({ type: 'task', id, config: feed, render: [] });

describe('feed configs sent to a worker once (config-ids)', () => {
  it('sends a config whole with a worker\'s first task for it and only its number after, per worker', () => {
    const ids = createConfigIds();
    const news = config('news');
    const first = new Set<number>();
    const second = new Set<number>();
    const a = ids.outgoing(first, task(1, news));
    const b = ids.outgoing(first, task(2, news));
    const c = ids.outgoing(second, task(3, news));
    expect(a.config).toBe(news);
    expect(b.config).toBeUndefined();
    expect(b.configId).toBe(a.configId);
    expect(b.id).toBe(2);
    // Another worker has not been sent it.
    expect(c.config).toBe(news);
    // A copy with the same content is another object: sent whole (a created feed read per request).
    expect(ids.outgoing(first, task(4, structuredClone(news))).config).toBeDefined();
  });

  it('gives the worker the right config for every task, through the bound and the reset it causes', () => {
    const ids = createConfigIds(2);
    const known = createKnownConfigs();
    const sent = new Set<number>();
    const feeds = ['a', 'b', 'c', 'a', 'b', 'c', 'c', 'a'].map((name) => name);
    const objects = new Map(['a', 'b', 'c'].map((name) => [name, config(name)]));
    const resets: number[] = [];
    for (const [index, name] of feeds.entries()) {
      // What crosses to the worker is a structured clone.
      const message = structuredClone(ids.outgoing(sent, task(index + 1, objects.get(name)!)));
      if (message.resetConfigs) resets.push(index);
      expect(known.configOf(message).channel.title).toBe(name);
      expect(sent.size).toBeLessThanOrEqual(2);
    }
    expect(resets.length).toBeGreaterThan(0);
  });

  it('fails a task whose config the worker was never sent, saying so (the pool then replaces the worker)', () => {
    const known = createKnownConfigs();
    expect(() => known.configOf({ type: 'task', id: 1, configId: 7, render: [] })).toThrow('The extraction worker was not sent the feed config numbered 7 (a pool bug); the worker is replaced');
  });
});
