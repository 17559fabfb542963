import { describe, expect, it } from 'vitest';
import { findExecutableHtml } from '../support/html-safety.js';
import { findMalformed } from '../support/well-formed.js';

/** The checkers the properties rely on catch what they claim to (so a green property means something). */
describe('the checkers', () => {
  it.each([
    ['<script>alert(1)</script>', 'script'],
    ['<img src=x onerror=alert(1)>', 'onerror'],
    ['<a href="&#106;avascript:alert(1)">x</a>', 'javascript'],
    ['<a href=" java\tscript:alert(1)">x</a>', 'javascript'],
    ['<iframe src="https://e.test"></iframe>', 'iframe'],
    ['<a href="data:text/html,x">x</a>', 'data'],
  ])('flags %j', (html, word) => {
    expect(findExecutableHtml(html).join(' ')).toContain(word);
  });

  it('passes ordinary item HTML', () => {
    expect(findExecutableHtml('<p>Hi <a href="https://e.test/a">link</a> <img src="data:image/png;base64,AAAA"></p>')).toEqual([]);
  });

  it('finds malformed XML (control characters, ]]> in CDATA, lone surrogates) and invalid JSON', () => {
    const problems = findMalformed([
      { kind: 'xml', text: '<a>ok</a>' },
      { kind: 'xml', text: '<a>\u0001</a>' },
      { kind: 'xml', text: '<a><![CDATA[x]]>]]></a>' },
      { kind: 'xml', text: '<a>\ud800</a>' },
      { kind: 'json', text: '{"a": 1}' },
      { kind: 'json', text: '{"a": 1,}' },
      { kind: 'json', text: '{"a": "\\ud800"}' },
      { kind: 'json', text: '{"a": "\\ud83d\\ude00"}' },
    ]);
    expect(problems.map((problem) => problem.index)).toEqual([1, 2, 3, 5, 6]);
  });
});
