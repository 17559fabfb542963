import { describe, expect, it } from 'vitest';
import { archiveCaptureOf, captureAddress } from './archive-captures.js';
import { createPageUrls, resolveUrl } from './url.js';

const CAPTURE = 'https://archive.example/web/20170913081049/https://news.example/';

describe('web archive captures', () => {
  it('reads the capture prefix and the original origin from the documented address shape', () => {
    expect(archiveCaptureOf(CAPTURE)).toEqual({ prefix: 'https://archive.example/web/20170913081049/', origin: 'https://news.example' });
    expect(archiveCaptureOf('http://archive.example/web/20001109062700im_/http://paper.example/a/b.html')).toEqual({ prefix: 'http://archive.example/web/20001109062700im_/', origin: 'http://paper.example' });
    expect(archiveCaptureOf('https://news.example/web/design/')).toBeUndefined();
    expect(archiveCaptureOf('https://news.example/politics/')).toBeUndefined();
  });

  it('keeps a root-relative link written after the archive rewrite inside the capture', () => {
    expect(resolveUrl('/politics/2017/09/13/story.html', CAPTURE)).toBe('https://archive.example/web/20170913081049/https://news.example/politics/2017/09/13/story.html');
    expect(createPageUrls(CAPTURE).resolve('/sport/n_1.shtml?from=home')).toBe('https://archive.example/web/20170913081049/https://news.example/sport/n_1.shtml?from=home');
  });

  it('leaves the archive rewritten links, scheme-relative and relative links as the browser resolves them', () => {
    expect(resolveUrl('/web/20170913081049/http://news.example/a.html', CAPTURE)).toBe('https://archive.example/web/20170913081049/http://news.example/a.html');
    expect(resolveUrl('//img.example/photo.jpg', CAPTURE)).toBe('https://img.example/photo.jpg');
    expect(resolveUrl('story.html', CAPTURE)).toBe('https://archive.example/web/20170913081049/https://news.example/story.html');
    expect(captureAddress('//img.example/photo.jpg', archiveCaptureOf(CAPTURE)!)).toBeUndefined();
  });

  it('resolves root-relative links of an ordinary page against its own host', () => {
    expect(resolveUrl('/politics/story.html', 'https://news.example/web/')).toBe('https://news.example/politics/story.html');
    expect(resolveUrl('/politics/story.html', 'https://news.example/section/')).toBe('https://news.example/politics/story.html');
  });
});
