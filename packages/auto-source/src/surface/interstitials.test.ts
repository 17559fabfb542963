import { describe, expect, it } from 'vitest';
import { classOf } from '../test-support/helpers.js';

describe('thin pages: walls and unrendered templates', () => {
  it('calls a minimal wall that only asks to turn off an ad blocker blocked, not an app shell', async () => {
    const wall = '<html><head><noscript><title>We are sorry for the interruption</title></noscript></head><body><p>Please enable JS and disable any ad blocker</p></body></html>';
    expect(await classOf(wall)).toBe('blocked_surface');
  });

  it('calls an apology for the interruption with a captcha box blocked', async () => {
    expect(await classOf('<html><head><title>Pardon Our Interruption</title></head><body><h1>Pardon Our Interruption</h1><p>Something about your browser made us think you were a bot.</p></body></html>')).toBe('blocked_surface');
  });

  it('calls a thin page that asks, in Russian, to wait and reload blocked, not an app shell', async () => {
    const wall = '<html><head><title>Доступ ограничен</title><script src="/a.js"></script></head><body><h1>Доступ ограничен</h1><p>Подождите немного и обновите страницу.</p><a href="/help">Помощь</a></body></html>';
    expect(await classOf(wall)).toBe('blocked_surface');
  });

  it('calls a robot check that is one button posting to a captcha endpoint blocked', async () => {
    const wall = `<html><head><title>Shop</title><script src="/a.js"></script><script src="/b.js"></script></head><body><div class="box"><h4>One more thing</h4>
      <form method="get" action="/errors/validateCaptcha"><input type="hidden" name="t" value="x"><button type="submit">Go on</button></form></div>
      <a href="/terms">Terms</a> <a href="/privacy">Privacy</a></body></html>`;
    expect(await classOf(wall)).toBe('blocked_surface');
  });

  it('calls a thin page saying access to the site is forbidden blocked (the page knows no status here)', async () => {
    expect(await classOf('<html><head><title>HTTP 403</title></head><body><div>403 Error</div><p>Доступ к сайту example.org запрещен.</p><p>Попробуйте позже.</p></body></html>')).toBe('blocked_surface');
  });

  it('calls a textless page whose script sets a cookie and reloads a JavaScript challenge, not an app shell', async () => {
    const challenge = '<html><head><meta http-equiv="refresh" content="10;URL=/x7q"></head><body><script>var k=sign(navigator.userAgent);document.cookie="k="+k;location.href=location.href;</script></body></html>';
    expect(await classOf(challenge)).toBe('blocked_surface');
  });

  it('keeps a textless mount point whose script sets a cookie an app shell (it draws in place)', async () => {
    const shell = '<html><body><div id="root"></div><script>document.cookie="seen=1";</script><script src="/bundle.js"></script></body></html>';
    expect(await classOf(shell)).toBe('app_shell');
  });

  it('keeps an app shell whose loading text asks to wait an app shell', async () => {
    const shell = '<html><body><div id="app">Loading, please wait…</div><noscript>You need to enable JavaScript to run this app.</noscript><script src="/bundle.js"></script></body></html>';
    expect(await classOf(shell)).toBe('app_shell');
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
