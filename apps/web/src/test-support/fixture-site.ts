import { html, startFixtureServer, type FixtureServer } from '../../../../testing/fixture-server.js';

/** The articles of the fixture's news listing, as a feed reader should show them. */
export const ARTICLES = [
  { slug: 'harbour-reopens', title: 'Harbour reopens after storm repairs', date: '2026-11-18T09:30:00Z', summary: 'The eastern harbour is open to ferries again after three weeks of repairs to the sea wall.' },
  { slug: 'library-hours', title: 'Library extends its winter opening hours', date: '2026-11-17T14:00:00Z', summary: 'From December the central library stays open until nine in the evening on weekdays.' },
  { slug: 'cycle-lanes', title: 'New cycle lanes planned for the old town', date: '2026-11-15T08:15:00Z', summary: 'The council published plans for protected cycle lanes on four streets around the market square.' },
  { slug: 'choir-concert', title: 'Youth choir wins regional competition', date: '2026-11-12T19:45:00Z', summary: 'Forty singers aged twelve to eighteen took first prize with a programme of folk songs.' },
  { slug: 'market-hall', title: 'Market hall restoration finished', date: '2026-11-10T11:00:00Z', summary: 'The nineteenth-century hall reopens with twenty stalls, a café and a rebuilt glass roof.' },
  { slug: 'tram-timetable', title: 'Winter tram timetable starts on Sunday', date: '2026-11-08T07:00:00Z', summary: 'Trams on line 2 run every eight minutes at peak times; night trams continue at weekends.' },
] as const;

const COLOURS = ['#0e7490', '#b45309', '#4d7c0f', '#7c3aed', '#be123c', '#1d4ed8'];

function picture(index: number): string {
  const colour = COLOURS[index % COLOURS.length] ?? '#444';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200"><rect width="320" height="200" fill="${colour}"/><circle cx="250" cy="60" r="30" fill="#fde68a"/><path d="M0 200 L110 90 L190 160 L240 120 L320 200 Z" fill="#ffffff" opacity="0.55"/></svg>`;
}

function listingPage(): string {
  const articles = ARTICLES.map(
    (article, index) => `
      <article class="news-item">
        <img src="/images/${index}.svg" alt="">
        <h2><a href="/news/${article.slug}">${article.title}</a></h2>
        <time datetime="${article.date}">${article.date.slice(0, 10)}</time>
        <p>${article.summary}</p>
      </article>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><title>Town news</title></head><body>
    <header><nav><a href="/">Home</a> <a href="/news/">News</a> <a href="/about">About</a></nav></header>
    <main><h1>Town news</h1>${articles}</main>
    <footer><p>Town hall, Market square 1</p></footer></body></html>`;
}

/** A page with no list on it, which automatic extraction cannot turn into items. */
const ABOUT_PAGE = `<!doctype html><html lang="en"><head><title>About the town</title></head><body>
  <main><h1>About the town</h1><p>Our town lies on the coast and has about twelve thousand inhabitants.</p></main>
  </body></html>`;

/** A client-rendered entry point: an empty root and a script bundle, nothing to extract without a browser. */
const APP_SHELL_PAGE = `<!doctype html><html lang="en"><head><title>Town app</title>
  <script type="module" src="/assets/app.js"></script></head>
  <body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>`;

export async function startFixtureSite(): Promise<FixtureServer> {
  const site = await startFixtureServer({ '/news/': html(listingPage()), '/about': html(ABOUT_PAGE), '/app': html(APP_SHELL_PAGE) });
  ARTICLES.forEach((article, index) => {
    site.route(`/news/${article.slug}`, html(`<!doctype html><title>${article.title}</title><h1>${article.title}</h1><p>${article.summary}</p>`));
    site.route(`/images/${index}.svg`, (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      response.end(picture(index));
    });
  });
  site.route('/news/feed.xml', (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    response.end(rssFeed());
  });
  return site;
}

/** The same news as an RSS 2.0 feed: a URL that already is a feed, which pagefeed passes through. */
function rssFeed(): string {
  const items = ARTICLES.map(
    (article) => `<item><title>${article.title}</title><link>/news/${article.slug}</link><guid>urn:news:${article.slug}</guid>
      <pubDate>${new Date(article.date).toUTCString()}</pubDate><description>${article.summary}</description></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Town news</title><link>/news/</link>
    <description>News from the town hall</description>${items.join('\n')}</channel></rss>`;
}

/** A feeds.yml with one predefined feed on the fixture site, with manual selectors. */
export function feedsYml(origin: string): string {
  return `feeds:
  town-news:
    channel:
      url: "${origin}/news/"
      title: "Town news"
    selectors:
      items:
        selector: "article.news-item"
      title:
        selector: "h2"
      url:
        selector: "a"
        extractor: href
      published_at:
        selector: "time"
        extractor: attribute
        attribute: datetime
`;
}
