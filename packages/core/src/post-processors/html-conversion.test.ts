import { describe, expect, it } from 'vitest';
import { optionsErrorOf, runStep } from './__fixtures__/run-step.js';

describe('sanitize_html', () => {
  it.each([
    ['<p onclick="x()">Hi <script>alert(1)</script><a href="/a">link</a></p>', '<p>Hi <a href="https://example.com/a">link</a></p>'],
    ['<img src="javascript:alert(1)">', undefined],
  ])('%s → %s', (input, expected) => {
    expect(runStep('sanitize_html', {}, input).value).toBe(expected);
  });

  it('rejects options', () => {
    expect(optionsErrorOf('sanitize_html', { allow: ['script'] })?.path).toBe('selectors.title.post_process[1].allow');
  });
});

describe('html_to_markdown', () => {
  it.each([
    ['<h2>Title</h2><p>Some <strong>bold</strong> <a href="https://x.example/">link</a></p>', '## Title\n\nSome **bold** [link](https://x.example/)'],
    ['<ul><li>one</li><li>two</li></ul>', '-   one\n-   two'],
    ['<script>x()</script>', undefined],
  ])('%s → %j', (input, expected) => {
    expect(runStep('html_to_markdown', {}, input).value).toBe(expected);
  });

  it('rejects options', () => {
    expect(optionsErrorOf('html_to_markdown', { style: 'setext' })?.path).toBe('selectors.title.post_process[1].style');
  });
});

describe('markdown_to_html', () => {
  it.each([
    ['# Movie\n\nGrade: A', '<h1>Movie</h1>\n<p>Grade: A</p>'],
    ['*a* and **b**', '<p><em>a</em> and <strong>b</strong></p>'],
    ['', undefined],
  ])('%j → %j', (input, expected) => {
    expect(runStep('markdown_to_html', {}, input).value).toBe(expected);
  });

  it('rejects options', () => {
    expect(optionsErrorOf('markdown_to_html', { gfm: false })?.path).toBe('selectors.title.post_process[1].gfm');
  });
});
