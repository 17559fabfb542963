import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { createAutoSource } from '../create-auto-source.js';
import { CANDIDATE_FACTS } from './article-candidate.js';
import { ARTICLE_GATE_MODEL } from './article-gate-model.js';
import { CORRECTED_ARTICLE_GATE_MODEL } from './article-gate-corrected-model.js';
import { articleProbability, readsCandidateFacts } from './article-gate.js';
import type { ArticleCheck } from './article-leading.js';
import { READING_FACTS } from './article-reading.js';

const paragraph = (n: number) => `<p>${'A sentence of the story that says what happened and why it matters to the reader. '.repeat(4)}(${n})</p>`;
const related = [1, 2, 3, 4, 5].map((n) => `<li><a href="/notes/another-note-about-something-${n}">Another note about something ${n}</a></li>`).join('');
const STORY = `<!doctype html><html><body><main><h1>A note about one thing</h1>${[1, 2, 3, 4].map(paragraph).join('')}
<h2>More notes</h2><ul>${related}</ul></main></body></html>`;
const context = (url: string) => ({ config: { channel: { url }, strategy: 'plain' as const, headers: {}, stylesheets: [], request: {}, parameters: {} } });

async function checkOf(options: Parameters<typeof createAutoSource>[0]): Promise<ArticleCheck | undefined> {
  let check: ArticleCheck | undefined;
  const url = 'https://example.test/notes/a-note-about-one-thing';
  const source = createAutoSource({ ...options, onArticleCheck: (observed) => { check = observed; } });
  await source.extract(page(STORY, url), context(url)).catch(() => undefined);
  return check;
}

describe('the corrected article gate (twelfth session, off by default)', () => {
  it('is the shipped model with candidate facts added: the shipped weights stay whole', () => {
    const shipped = ARTICLE_GATE_MODEL.features.length;
    expect(CORRECTED_ARTICLE_GATE_MODEL.features.slice(0, shipped)).toEqual(ARTICLE_GATE_MODEL.features);
    expect(CORRECTED_ARTICLE_GATE_MODEL.weights.slice(0, shipped)).toEqual(ARTICLE_GATE_MODEL.weights);
    const added = CORRECTED_ARTICLE_GATE_MODEL.features.slice(shipped);
    expect(added.length).toBeGreaterThan(0);
    for (const name of added) expect([...CANDIDATE_FACTS, ...READING_FACTS]).toContain(name);
    expect(readsCandidateFacts(CORRECTED_ARTICLE_GATE_MODEL)).toBe(true);
  });

  it('is not used unless asked for: the default gate decides with the shipped model', async () => {
    const byDefault = await checkOf({});
    expect(byDefault).toBeDefined();
    expect(byDefault!.probability).toBeCloseTo(articleProbability(byDefault!.features, ARTICLE_GATE_MODEL), 10);
    const corrected = await checkOf({ articleModel: CORRECTED_ARTICLE_GATE_MODEL });
    expect(corrected!.probability).toBeCloseTo(articleProbability(corrected!.features, CORRECTED_ARTICLE_GATE_MODEL), 10);
  });
});
