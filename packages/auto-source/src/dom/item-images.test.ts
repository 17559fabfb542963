import type { ItemDraft } from '@pagefeed/core';
import { describe, expect, it } from 'vitest';
import { page } from '../test-support/helpers.js';
import { findAll } from '../util/dom.js';
import { createPageUrls } from '../util/url.js';
import { dropSharedImages, itemImage } from './item-images.js';

function imageOf(html: string): string | undefined {
  const document = page(`<!doctype html><html><body>${html}</body></html>`, 'https://example.test/list').document;
  return itemImage(findAll(document, (element) => element.name === 'img'), createPageUrls('https://example.test/list'));
}

describe('itemImage: the item\'s own picture', () => {
  it.each([
    ['the largest srcset candidate', '<img src="/s.jpg" srcset="/s.jpg 300w, /l.jpg 1200w, /m.jpg 800w">', 'https://example.test/l.jpg'],
    ['a lazy data-srcset', '<img src="data:image/gif;base64,R0lGOD" data-srcset="/a-400.jpg 400w, /a-800.jpg 800w">', 'https://example.test/a-800.jpg'],
    ['a lazy data-src over a placeholder src', '<img src="/img/placeholder.png" data-src="/real.jpg">', 'https://example.test/real.jpg'],
    ['a <picture> source', '<picture><source srcset="/p-1x.webp 1x, /p-2x.webp 2x"><img src="/p.jpg"></picture>', 'https://example.test/p-2x.webp'],
    ['the next image when the first is a spacer', '<img src="/spacer.gif"><img src="/photo.jpg">', 'https://example.test/photo.jpg'],
    ['the picture after an author\'s avatar', '<img src="/u/ann.jpg" class="avatar" width="24" height="24"><img src="/story.jpg">', 'https://example.test/story.jpg'],
    ['the picture after a file-type icon', '<img src="/images/PDF.gif" class="docIcon"><img src="/cover.jpg" width="200">', 'https://example.test/cover.jpg'],
  ])('reads %s', (_name, html, expected) => {
    expect(imageOf(html)).toBe(expected);
  });
});

describe('dropSharedImages', () => {
  it('drops an image most items share (a logo) and keeps the items\' own', () => {
    const drafts: ItemDraft[] = [{ image: 'https://x/logo.png' }, { image: 'https://x/logo.png' }, { image: 'https://x/own.jpg' }, { image: 'https://x/logo.png' }];
    dropSharedImages(drafts);
    expect(drafts.map((draft) => draft.image)).toEqual([undefined, undefined, 'https://x/own.jpg', undefined]);
  });

  it('keeps images in lists of two', () => {
    const drafts: ItemDraft[] = [{ image: 'https://x/a.png' }, { image: 'https://x/a.png' }];
    dropSharedImages(drafts);
    expect(drafts.map((draft) => draft.image)).toEqual(['https://x/a.png', 'https://x/a.png']);
  });
});
