import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../contracts/item.js';
import { itemAttachment } from './shared.js';

const base: FeedItem = { guid: 'g', guidIsPermalink: false, categories: [] };

describe('itemAttachment: enclosures only for real media with a type', () => {
  it.each([
    ['https://example.com/a/photo.JPG', 'image/jpeg'],
    ['https://example.com/a/photo.webp?w=800', 'image/webp'],
    ['https://example.com/a/chart.svg', 'image/svg+xml'],
  ])('attaches the image %s as %s', (image, type) => {
    expect(itemAttachment({ ...base, image })).toEqual({ url: image, type });
  });

  it.each([['https://example.com/image?id=42'], ['https://example.com/photos/42'], ['https://example.com/a.php']])('attaches no enclosure for %s, whose type is unknown', (image) => {
    expect(itemAttachment({ ...base, image })).toBeUndefined();
  });

  it('keeps a real enclosure, with its type', () => {
    expect(itemAttachment({ ...base, image: 'https://example.com/a.png', enclosure: { url: 'https://example.com/e.mp3', type: 'audio/mpeg', length: 10 } })).toEqual({ url: 'https://example.com/e.mp3', type: 'audio/mpeg', length: 10 });
  });
});
