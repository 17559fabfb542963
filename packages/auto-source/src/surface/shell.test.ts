import { describe, expect, it } from 'vitest';
import { classOf } from '../test-support/helpers.js';

const scripts = (count: number) => Array.from({ length: count }, (_, index) => `<script src="/static/chunk-${index}.js"></script>`).join('');
const prose = (sentences: number) => `<p>${'The service answered slowly for several hours while the team replaced a failed disk. '.repeat(sentences)}</p>`;

describe('app shells and pages that show what a person reads', () => {
  it('calls an empty mount point with bundles an app shell', async () => {
    expect(await classOf(`<html><body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>${scripts(4)}</body></html>`)).toBe('app_shell');
  });

  it('calls a thin page of many scripts with a heading, an intro and two entries (fewer than three records) an app shell', async () => {
    const intro = `<h1>A show</h1><p>By someone</p>${prose(8)}<ul><li><a href="/e/1">Episode one of the show, an hour</a></li><li><a href="/e/2">Episode two of the show, an hour</a></li></ul>`;
    expect(await classOf(`<html><body><div class="page">${intro}</div>${scripts(12)}</body></html>`)).toBe('app_shell');
  });

  it('calls an empty mount point inside a server-rendered frame of menus and footer columns an app shell', async () => {
    const column = (name: string) => `<h3>${name}</h3><ul><li><a href="/${name}/a">About the company and its people</a></li><li><a href="/${name}/b">Careers at the company worldwide</a></li></ul>`;
    const frame = `<header><nav><ul><li><a href="/">Home page of the application</a></li></ul></nav></header><div id="root"></div><footer>${column('company')}${column('support')}${column('legal')}</footer>`;
    expect(await classOf(`<html><body>${frame}${scripts(6)}</body></html>`)).toBe('app_shell');
  });

  it('does not call an application rendered into its mount point on the server an app shell', async () => {
    const rendered = `<div id="__next"><header><a href="/">Home</a></header><main><h1>A second-hand car, well kept</h1>${prose(6)}<ul><li>Mileage 120,000 km</li><li>Year 2015</li></ul></main></div>`;
    expect(await classOf(`<html><body>${rendered}${scripts(20)}</body></html>`)).not.toBe('app_shell');
  });

  it('does not call a page whose table rows are in the server HTML an app shell', async () => {
    const rows = Array.from({ length: 4 }, (_, index) => `<tr><td>Meeting of the board number ${index + 1}</td><td>June ${index + 2}, 2017</td></tr>`).join('');
    expect(await classOf(`<html><body><table>${rows}</table>${scripts(8)}</body></html>`)).not.toBe('app_shell');
  });

  it('does not call a short page with a heading and prose an app shell', async () => {
    expect(await classOf(`<html><body><a href="/">Back</a><h1>All services are unavailable</h1>${prose(3)}${scripts(2)}</body></html>`)).not.toBe('app_shell');
  });

  it('does not call a short page showing many pictures an app shell', async () => {
    const pictures = Array.from({ length: 12 }, (_, index) => `<div class="slot"><img src="/img/item-${index}.png" alt=""><span>Item ${index}</span></div>`).join('');
    expect(await classOf(`<html><body>${pictures}${scripts(6)}</body></html>`)).not.toBe('app_shell');
  });
});
