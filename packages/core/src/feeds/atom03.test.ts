import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FetchResult } from '../contracts/fetch.js';
import { toSourceDocument } from '../dom/parse.js';
import { decodeBase64Text } from './atom03-text.js';
import { parseFeedSource } from './parse-feed.js';

const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

function source(body: string, contentType = 'application/atom+xml', url = 'https://garden.example/diary/atom.xml'): FetchResult {
  return { url, status: 200, headers: { 'content-type': contentType }, body, contentType };
}

const atom03 = (entries: string): string => `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>t</title>${entries}</feed>`;

describe('parseFeedSource: Atom 0.3', () => {
  const document = parseFeedSource(source(fixture('atom03.xml')));
  const [tomatoes, beans, rain, shed] = document.items;

  it('reads the format and the channel (tagline, escaped HTML title, alternate link, xml:base)', () => {
    expect(document).toMatchObject({ kind: 'feed', format: 'atom', version: '0.3', url: 'https://garden.example/diary/' });
    expect(document.channel).toEqual({ title: 'Garden diary', description: 'Notes from the allotment', language: 'nl', link: 'https://garden.example/diary/' });
  });

  it('maps issued/created to published and modified to updated; reads links, ids, authors, subjects, enclosures', () => {
    expect(document.items).toHaveLength(4);
    expect(tomatoes).toMatchObject({
      title: 'Tomatoes planted out',
      url: 'https://garden.example/diary/2004/06/tomatoes',
      guid: 'tag:garden.example,2004:entry-7',
      author: 'Piet Visser',
      categories: ['Vegetables'],
      published_at: '2004-06-02T20:30:00+02:00',
      updated_at: '2004-06-02T18:30:00Z',
      enclosure: { url: 'https://garden.example/audio/tomatoes.mp3', type: 'audio/mpeg', length: 4096 },
    });
    // No issued: created is the publication date; its own author wins over the feed's.
    expect(beans).toMatchObject({ title: 'Beans & peas', published_at: '2004-05-20T07:00:00Z', author: 'Anke de Vries' });
    expect(beans?.updated_at).toBeUndefined();
  });

  it('reads content by mode: escaped HTML, inline XHTML and plain text, sanitised', () => {
    expect(tomatoes?.description).toBe('Six plants &lt; the fence.');
    expect(tomatoes?.content).toBe('<p>Six <a href="https://garden.example/diary/varieties">varieties</a>.</p>');
    expect(beans?.content).toBe('<p>Sown in <a href="https://garden.example/diary/rows">two rows</a>.</p><img src="https://garden.example/diary/beans.jpg" />');
  });

  it('decodes base64 content that is UTF-8 text and leaves binary base64 out', () => {
    expect(rain?.content).toBe('<p>Decoded from <b>base64</b> &amp; safe.</p>');
    expect(shed).toMatchObject({ title: 'Photo of the shed', url: 'https://garden.example/diary/2004/05/shed' });
    expect(shed?.content).toBeUndefined();
    expect(shed?.description).toBeUndefined();
  });

  it('is recognised as generic XML by its root, and a feed in another namespace is still refused', () => {
    expect(toSourceDocument(source(atom03('<entry><title>x</title></entry>'), 'text/xml')).kind).toBe('feed');
    expect(() => parseFeedSource(source('<feed xmlns="http://example.com/not-atom"><entry><title>x</title></entry></feed>'))).toThrow(
      expect.objectContaining({ code: 'UnsupportedResponseContentType', message: expect.stringContaining('in namespace http://example.com/not-atom') }),
    );
  });

  it('reads escaped HTML that says mode="xml" (the default) but holds no elements as HTML', () => {
    const [entry] = parseFeedSource(source(atom03('<entry><title>x</title><content type="text/html">&lt;p&gt;Hi &lt;b&gt;there&lt;/b&gt;&lt;/p&gt;</content></entry>'))).items;
    expect(entry?.content).toBe('<p>Hi <b>there</b></p>');
  });
});

describe('decodeBase64Text', () => {
  it.each([
    ['UTF-8 text', Buffer.from('Grüße <b>x</b>\nline two').toString('base64'), 'Grüße <b>x</b>\nline two'],
    ['wrapped lines', Buffer.from('abc def ghi').toString('base64').replace(/(.{4})/g, '$1\n'), 'abc def ghi'],
    ['invalid characters', 'not*base64!', undefined],
    ['a wrong length', 'abcde', undefined],
    ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0xfd, 0x41]).toString('base64'), undefined],
    ['control characters (binary)', Buffer.from('a\u0000b').toString('base64'), undefined],
    ['nothing', '   ', undefined],
  ])('%s', (_name, value, expected) => {
    expect(decodeBase64Text(value)).toBe(expected);
  });
});
