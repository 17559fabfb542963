import { describe, expect, it } from 'vitest';
import { classOf } from '../test-support/helpers.js';

const scripts = (count: number) => Array.from({ length: count }, (_, index) => `<script src="/static/bundle-${index}.js"></script>`).join('');

describe('a wall wins over an app shell; a page the browser draws without scripts is no shell (fifteenth session)', () => {
  it("calls a site's refusal in its own English words, inside a frame its scripts draw, blocked", async () => {
    const page = `<html ng-app="Site"><head><title>A hobby site</title>${scripts(12)}</head><body><div ng-controller="Layout"><site-menu></site-menu>
      <main ng-class="{ready: ready}"><div ng-if="ad"></div><div class="messagebox error">Error: You don't have access to this page</div></main><site-footer></site-footer></div></body></html>`;
    expect(await classOf(page)).toBe('blocked_surface');
  });

  it('keeps the same frame without the refusal an app shell', async () => {
    const page = `<html ng-app="Site"><head><title>A hobby site</title>${scripts(12)}</head><body><div ng-controller="Layout"><site-menu></site-menu>
      <main ng-class="{ready: ready}"><div ng-if="ad"></div><div class="messagebox">Loading</div></main><site-footer></site-footer></div></body></html>`;
    expect(await classOf(page)).toBe('app_shell');
  });

  it("calls a branded error page that ends with an edge network's reference number blocked", async () => {
    const page = `<html><head><title>Shop</title>${scripts(3)}</head><body><div class="oops"><img src="/logo.png"><img src="/sad.png"><h2>Oh no!</h2>
      <p>Something went wrong, please try again later.</p><p>Reference: 4815 ID: 18.5d2a1f04.1612606933.2c3e4f5a</p></div></body></html>`;
    expect(await classOf(page)).toBe('blocked_surface');
  });

  it('calls a proof-of-work check drawn into an application mount point blocked, not an app shell', async () => {
    const work = `const sha256=async(t)=>{const d=await crypto.subtle.digest("SHA-256",new TextEncoder().encode(t));return Array.from(new Uint8Array(d)).map((b)=>b.toString(16).padStart(2,"0")).join("")};
      const solve=async(seed,zeros)=>{for(let n=0;;n+=1){if((await sha256(seed+n)).startsWith("0".repeat(zeros)))return n}};
      solve("abc",3).then((n)=>{document.cookie="work="+n+"; path=/";window.location.href="/search"});`;
    const page = `<html><head><title> </title></head><body><div id="root"><div class="landing"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt=""><h1> </h1><p> </p><button disabled>Continue</button></div></div>
      <noscript><h1>This page requires JavaScript to work.</h1></noscript><script type="module">${work}</script></body></html>`;
    expect(await classOf(page)).toBe('blocked_surface');
  });

  it('keeps an empty mount point whose script sets a cookie and moves on, without any hash work, an app shell', async () => {
    const page = `<html><head><title>App</title>${scripts(6)}</head><body><div id="root"></div><noscript>Enable JavaScript to run this app.</noscript>
      <script>document.cookie="seen=1; path=/";if(!window.fetch){window.location.href="/old-browser"}</script></body></html>`;
    expect(await classOf(page)).toBe('app_shell');
  });

  it('reads the text of a declarative shadow root: an item page drawn there is not an app shell', async () => {
    const description = 'A used desktop computer in good condition, with a new graphics card, sixteen gigabytes of memory and a solid-state disk. '.repeat(14);
    const menu = Array.from({ length: 24 }, (_, index) => `<li><a href="/help/topic-${index}">Help topic number ${index + 1}</a></li>`).join('');
    const page = `<html><head><title>Desktop computer for sale</title>${scripts(20)}</head><body><page-layout><template shadowrootmode="open"><div id="app"><main>
      <nav><a href="/market">Market</a> / <a href="/market/computers">Computers</a></nav><h1>Desktop computer for sale</h1><p>Sold</p><p>1 500 kr</p><h2>Description</h2><p>${description}</p></main>
      <footer><ul>${menu}</ul></footer></div></template></page-layout></body></html>`;
    expect(await classOf(page)).not.toBe('app_shell');
  });
});
