import { describe, expect, it } from 'vitest';
import { classOf } from '../test-support/helpers.js';

const scripts = (count: number) => Array.from({ length: count }, (_, index) => `<script src="/static/chunk-${index}.js"></script>`).join('');
const countries = ['Argentina', 'Australia', 'Belgique', 'Brasil', 'Canada', 'Chile', 'Danmark', 'Deutschland', 'España', 'France', 'Italia', 'Nederland', 'Norge', 'Polska', 'Portugal', 'Suomi', 'Sverige', 'Türkiye']
  .map((country) => `<li><a href="/${country.toLowerCase()}">${country}</a></li>`)
  .join('');
const footerColumns = ['Company', 'Jobs', 'Press', 'Investor relations', 'Help', 'Terms and conditions', 'Legal information', 'Privacy notice']
  .map((label) => `<li><a href="/${label.toLowerCase().replace(/ /g, '-')}">${label}</a></li>`)
  .join('');
/** A search saved before its results loaded: header, country picker and footer rendered into the mount point, the results region a loader. */
const loadingSearch = `<html><head><title>Compare hotel prices</title>${scripts(30)}</head><body><div id="__next">
  <header><nav><a href="/">Home</a> <a href="/deals">Deals</a><ul class="countries">${countries}</ul></nav></header>
  <main><div data-testid="loading-animation-container"><div class="loading-animation"></div><p>We're comparing great deals for you...</p></div>
  <div class="result-skeleton"></div><div class="result-skeleton"></div><div class="result-skeleton"></div><span>0 results</span></main>
  <footer><ul>${footerColumns}</ul><p>Copyright 2025, all rights reserved. Company address, street 5, city, country.</p></footer></div></body></html>`;

/** The same search drawn without a mount point (its frame in a plain container). */
const loadingSearchUnmounted = loadingSearch.replace('<div id="__next">', '<div class="page">');

describe('a page still loading (loadingShells)', () => {
  it('is off by default: a search saved before its results loaded, its frame rendered on the server outside a mount point, is refused as no list', async () => {
    expect(await classOf(loadingSearchUnmounted)).toBe('unsupported_surface');
    expect(await classOf(loadingSearchUnmounted, { loadingShells: true })).toBe('app_shell');
  });

  it('calls the same search rendered into a mount point an app shell by default: the mount point holds only its frame (sixteenth session)', async () => {
    expect(await classOf(loadingSearch)).toBe('app_shell');
  });

  it('with loadingShells on, calls that search an app shell', async () => {
    expect(await classOf(loadingSearch, { loadingShells: true })).toBe('app_shell');
  });

  it('with loadingShells on, keeps a short rendered page whose pictures have skeleton frames no app shell', async () => {
    const prose = `<p>${'The track was recorded live in one take at the old hall in the spring. '.repeat(4)}</p>`;
    const page = `<html><head><title>A track</title>${scripts(12)}</head><body><div id="app"><main><h1>Graffiti, a live track</h1>${prose}<div class="image-skeleton"><img src="/a.jpg"></div><div class="image-skeleton"><img src="/b.jpg"></div></main></div></body></html>`;
    expect(await classOf(page, { loadingShells: true })).not.toBe('app_shell');
  });
});
