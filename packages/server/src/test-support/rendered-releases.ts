/**
 * A page whose list exists only after its script ran (a plain download sees an empty `<ul>`, a browser
 * sees one `<li><a href="/releases/N">` per title), and the `feeds.yml` entry `rendered` that reads it
 * through the renderer. Shared by the process tests of the built-in renderer and of the start bundle.
 */
export function renderedReleasesPage(titles: readonly string[]): string {
  return `<!doctype html><html><head><title>Releases</title></head><body><ul id="releases"></ul>
<script>
for (const [id, title] of ${JSON.stringify(titles.map((title, index) => [index + 1, title]))}) {
  const item = document.createElement('li');
  item.innerHTML = '<a href="/releases/' + id + '">' + title + '</a>';
  document.getElementById('releases').appendChild(item);
}
</script></body></html>`;
}

/** The `feeds:` entry (without the `feeds:` line) of a renderer feed over `${FIXTURE_ORIGIN}/releases`. */
export const RENDERED_RELEASES_FEED = `  rendered:
    strategy: renderer
    channel:
      url: \${FIXTURE_ORIGIN}/releases
      title: Rendered releases
    selectors:
      items:
        selector: '#releases li'
      title:
        selector: a
      url:
        selector: a
        extractor: href
`;
