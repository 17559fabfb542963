import { FeedError } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';

const classOf = async (html: string) => {
  try {
    await createAutoSource().extract(page(html), context());
    return 'items';
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    return error.class;
  }
};

describe('thin pages: walls and unrendered templates', () => {
  it('calls a minimal wall that only asks to turn off an ad blocker blocked, not an app shell', async () => {
    const wall = '<html><head><noscript><title>We are sorry for the interruption</title></noscript></head><body><p>Please enable JS and disable any ad blocker</p></body></html>';
    expect(await classOf(wall)).toBe('blocked_surface');
  });

  it('calls an apology for the interruption with a captcha box blocked', async () => {
    expect(await classOf('<html><head><title>Pardon Our Interruption</title></head><body><h1>Pardon Our Interruption</h1><p>Something about your browser made us think you were a bot.</p></body></html>')).toBe('blocked_surface');
  });

  it('calls an unrendered client template with binding attributes and no script tag an app shell', async () => {
    const template = `<html ng-app="app"><body ng-controller="Main"><div ng-if="loading">Loading...</div><div ui-view="sidebar"></div>
      <div ng-repeat="item in items"><a ng-href="{{ item.url }}">{{ item.title }}</a></div></body></html>`;
    expect(await classOf(template)).toBe('app_shell');
  });

  it('keeps a server-rendered page that merely uses a few bindings a page', async () => {
    const items = [1, 2, 3, 4, 5, 6].map((n) => `<li><a href="/notes/note-${n}">Note number ${n} with a title</a> <span>${'text '.repeat(20)}</span></li>`).join('');
    expect(await classOf(`<html><body><div ng-app="x"><ul>${items}</ul></div></body></html>`)).toBe('items');
  });
});
