import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { feedConfigJsonSchema, feedsFileJsonSchema } from './json-schema.js';
import { HTML2RSS_CONFIGS_DIR } from '../../../../testing/paths.js';

/**
 * ajv is not a dependency of core; it is present in the workspace through another package. When it
 * is there, the schemas are compiled by a real validator; when not, that part is skipped loudly.
 */
function loadAjv(): (new (options: object) => { compile(schema: unknown): ((data: unknown) => boolean) & { errors?: unknown } }) | undefined {
  try {
    const require = createRequire(join(process.cwd(), '../../node_modules/.pnpm/node_modules/ajv/package.json'));
    const module = require('ajv') as { default: never };
    return module.default;
  } catch {
    console.warn('ajv not found in the workspace: JSON Schema validity is only checked structurally');
    return undefined;
  }
}
const Ajv = loadAjv();

describe('JSON Schema', () => {
  it('declares draft-07 and describes the main keys', () => {
    const schema = feedsFileJsonSchema() as { $schema: string; description: string; properties: Record<string, { description?: string }> };
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    for (const key of ['feeds', 'auth', 'channel', 'strategy', 'headers', 'selectors', 'auto_source', 'stylesheets', 'request', 'parameters']) {
      expect(schema.properties[key]?.description, key).toBeTruthy();
    }
    const feed = feedConfigJsonSchema() as { required: string[]; properties: Record<string, { description?: string; enum?: string[] }> };
    expect(feed.required).toEqual(['channel']);
    expect(feed.properties['strategy']?.enum).toEqual(['plain', 'renderer']);
  });

  it.skipIf(!Ajv)('compiles in ajv and accepts the example feeds and the html2rss configs without browserless', () => {
    const ajv = new Ajv!({ strict: true, allErrors: true });
    const validateFeedsFile = ajv.compile(feedsFileJsonSchema());
    const validateFeed = ajv.compile(feedConfigJsonSchema());
    const example = { channel: { ttl: 60 }, feeds: { news: { channel: { url: 'https://example.com' }, auto_source: true } }, auth: { accounts: [{ username: 'a', token: 'b', allowed_urls: ['*'] }] } };
    expect(validateFeedsFile(example), JSON.stringify(validateFeedsFile.errors)).toBe(true);
    expect(validateFeedsFile({ feeds: { news: { channel: {} } } })).toBe(false);
    expect(validateFeed({ channel: { url: 'https://example.com' }, stylesheets: [{ href: 'x', type: 'text/html' }] })).toBe(false);
    const root = HTML2RSS_CONFIGS_DIR;
    let checked = 0;
    for (const site of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      for (const file of readdirSync(join(root, site.name))) {
        const data = parse(readFileSync(join(root, site.name, file), 'utf8')) as { strategy?: string };
        if (data.strategy === 'browserless') continue;
        expect(validateFeed(data), `${site.name}/${file}: ${JSON.stringify(validateFeed.errors)}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBe(44);
  });
});
