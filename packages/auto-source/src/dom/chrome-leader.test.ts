import { describe, expect, it } from 'vitest';
import { createAutoSource } from '../create-auto-source.js';
import { context, page } from '../test-support/helpers.js';

const PAGE_URL = 'https://library.test/agenda';
const SECTIONS = ['Borrowing', 'Reading rooms', 'Digital library', 'Workshops', 'Heritage collections', 'Services for schools', 'Accessibility', 'Opening hours', 'Network of branches', 'Membership'];

/** A site menu in the page header whose ten links each carry a section name and a sentence about it. */
const headerMenu = (): string =>
  `<header><nav><ul>${SECTIONS.map((name, index) => `<li><a href="/${index + 100}-${name.toLowerCase().replace(/\s+/g, '-')}.htm">${name} <span>Everything about ${name.toLowerCase()} in the library network, explained step by step</span></a></li>`).join('')}</ul></nav></header>`;
/** The page's own list: four short event rows in the main region. */
const events = (): string => `<main><h1>Agenda</h1><div class="list">${[1, 2, 3, 4].map((day) => `<div class="item"><h4><a href="/agenda/event-${day}">Event ${day}</a></h4><p>${day} March</p></div>`).join('')}</div></main>`;
const agendaPage = (menu = headerMenu()): string => `<html><head><title>Agenda</title></head><body>${menu}${events()}<footer>Library of the town</footer></body></html>`;

async function urlsOf(html: string, options: Parameters<typeof createAutoSource>[0] = {}) {
  const { items, diagnostics } = await createAutoSource(options).extract(page(html, PAGE_URL), context());
  return { urls: items.map((item) => item.url), diagnostics };
}

describe('the chrome-leader rule (dom/chrome-leader.ts)', () => {
  it('is off by default: a descriptive header menu that outscores the main list stays chosen', async () => {
    const { urls } = await urlsOf(agendaPage());
    expect(urls).toHaveLength(10);
    expect(urls.every((url) => url?.endsWith('.htm'))).toBe(true);
    expect(urls).toEqual((await urlsOf(agendaPage(), { chromeLeader: false })).urls);
  });

  it('when on, puts the list outside the page chrome in front of the menu inside it', async () => {
    const { urls, diagnostics } = await urlsOf(agendaPage(), { chromeLeader: true });
    expect(urls).toEqual([1, 2, 3, 4].map((day) => `https://library.test/agenda/event-${day}`));
    const winner = diagnostics.candidates?.[0];
    expect(winner?.features?.some((feature) => feature.name === 'overChromeLeader')).toBe(true);
  });

  it('when on, keeps the leader when it is not in the chrome', async () => {
    // The same menu outside any header or nav landmark: nothing marks it as chrome, so the hand order stands.
    const bareMenu = headerMenu().replace('<header><nav>', '<div class="links">').replace('</nav></header>', '</div>');
    const off = await urlsOf(agendaPage(bareMenu));
    const on = await urlsOf(agendaPage(bareMenu), { chromeLeader: true });
    expect(on.urls).toEqual(off.urls);
    expect(on.diagnostics.candidates?.[0]?.features?.some((feature) => feature.name === 'overChromeLeader')).toBe(false);
  });

  it('when on, keeps a chrome leader when every other list is in the chrome too', async () => {
    const footerLinks = `<footer><ul>${['Press', 'Jobs', 'Legal', 'Contact us'].map((name) => `<li><a href="/${name.toLowerCase().replace(/\s+/g, '-')}">${name}</a></li>`).join('')}</ul></footer>`;
    const html = `<html><head><title>Sections</title></head><body>${headerMenu()}<main><p>Welcome to the library.</p></main>${footerLinks}</body></html>`;
    const off = await urlsOf(html);
    const on = await urlsOf(html, { chromeLeader: true });
    expect(on.urls).toEqual(off.urls);
  });
});
