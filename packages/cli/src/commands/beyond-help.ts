/** Help of the commands whose code is loaded only when they run (`article`, `opml`). */
export const articleHelp = `pagefeed article <url> [options]

Print the readable article of one page: its body without navigation, share bars, related links,
comments or ads, links and images made absolute (what full_text puts in feed items).

  --format html|text|json       output (default html); json adds title, byline, date and method
  --input FILE                  read the page from FILE; <url> is its address (base for links)
  --selector CSS                take the article body from this selector instead of finding it
  --strategy plain|renderer     how to fetch the page (default plain)
  --json-errors                 print errors as JSON on stderr`;

export const opmlHelp = `pagefeed opml <feeds.yml> [options]

Print the predefined feeds of a feeds.yml as an OPML 2.0 subscription list, each feed subscribed at
the server's address (what GET /api/v1/feeds.opml answers). Import it into any feed reader
(newsboat -i FILE, Miniflux, FreshRSS, Thunderbird …).

  --base-url URL                where the server is reached (default http://localhost:3000)
  --format rss|atom|json        which format each outline subscribes to (default rss)`;
