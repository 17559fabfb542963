import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * pagefeed's own corpus (`corpus/`, issue #16) without its pages: CI cannot fetch the source
 * repositories, so it checks what is committed — the manifest, the truth records and that they
 * agree — and the rebuilt-page score stays a documented command (`pnpm corpus:score`).
 */
const CORPUS = new URL('../../../corpus/', import.meta.url);
const COLUMNS = ['file', 'repository', 'commit', 'path', 'sha256', 'unpack'];
/** Repositories other measurements already use (issue #16): no page may come from them. */
const EXCLUDED = new Set([
  'Anorov/cloudflare-scrape', 'FlareSolverr/FlareSolverr', 'VeNoMouS/cloudscraper', 'spacecowboy/Feeder', 'damoeb/feedless', 'damoeb/rss-proxy',
  'html2rss/html2rss', 'html2rss/html2rss-web', 'adbar/htmldate', 'adbar/trafilatura', 'scrapinghub/mdr', 'scrapinghub/aile', 'scrapinghub/extruct',
  'AndyTheFactory/newspaper4k', 'codelucas/newspaper', 'Ranchero-Software/RSParser', 'ogri-la/strongbox', 'Gerapy/GerapyAutoExtractor', 'jhy/jsoup',
  'hpricot/hpricot', 'sparklemotion/nokogiri', 'microlinkhq/metascraper', 'nrjones8/robots-dot-txt-archive-bot', 'mozilla/readability', 'huginn/huginn',
  'NikolaiT/se-scraper', 'Greybird/carboneio-changelog-to-rss', 'scrapinghub/article-extraction-benchmark',
]);

interface Truth {
  file: string;
  url: string;
  kind: string;
  expected_urls: string[];
  expected_titles?: string[];
  expected_count: number;
  recall_target: number;
  expect_error?: string;
  source: { repo: string; commit: string; path: string };
}

const lines = readFileSync(new URL('manifest.tsv', CORPUS), 'utf8').split('\n').filter((line) => line.trim() !== '');
const rows = lines.slice(1).map((line) => Object.fromEntries(line.split('\t').map((cell, index) => [COLUMNS[index], cell])) as Record<string, string>);
const truths = readdirSync(new URL('truth/', CORPUS))
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, record: JSON.parse(readFileSync(new URL(`truth/${name}`, CORPUS), 'utf8')) as Truth }));

describe('own corpus manifest and truth (issue #16)', () => {
  it('has a well-formed manifest', () => {
    expect(lines[0]?.split('\t')).toEqual(COLUMNS);
    for (const row of rows) {
      expect(row.commit, row.file).toMatch(/^[0-9a-f]{40}$/);
      expect(row.sha256, row.file).toMatch(/^[0-9a-f]{64}$/);
      expect(['raw', 'gunzip'], row.file).toContain(row.unpack);
      expect(EXCLUDED.has(row.repository!), `${row.file} comes from ${row.repository}`).toBe(false);
    }
    expect(new Set(rows.map((row) => row.file)).size).toBe(rows.length);
  });

  it('pairs every truth record with exactly one manifest row from the same repository and commit', () => {
    expect(truths.length).toBe(rows.length);
    for (const { name, record } of truths) {
      const row = rows.find((candidate) => candidate.file === record.file);
      expect(row, `${name} has no manifest row`).toBeDefined();
      expect(record.source).toMatchObject({ repo: row!.repository, commit: row!.commit, path: row!.path });
      expect(name).toBe(`${record.file.replace(/\.\w+$/, '')}.json`);
    }
  });

  it('keeps every truth record consistent with the scorer format', () => {
    for (const { name, record } of truths) {
      expect(() => new URL(record.url), name).not.toThrow();
      expect(record.expected_count, name).toBe(record.expected_urls.length + (record.expected_titles?.length ?? 0));
      expect(record.recall_target, name).toBeLessThanOrEqual(record.expected_count);
      if (record.kind === 'challenge') expect(record.expect_error, name).toBe('blocked');
      if (record.kind === 'appshell') expect(record.expect_error, name).toBe('app_shell');
      if (record.kind === 'article') expect(record.expect_error, name).toBe('not_a_list');
      if (!record.expect_error) expect(record.expected_count, name).toBeGreaterThan(0);
    }
  });
});
