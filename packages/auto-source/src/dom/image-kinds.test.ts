import { describe, expect, it } from 'vitest';
import { memberOf } from '../test-support/helpers.js';
import { notAPicture } from './image-kinds.js';
import { findFirst } from '../util/dom.js';

// Issue 17, sixth session: icons, avatars, logos and emoji are not an item's picture.

function image(html: string) {
  const { member } = memberOf(`<div data-member>${html}</div>`);
  const found = findFirst(member, (element) => element.name === 'img');
  if (!found) throw new Error('no img in the fixture');
  return found;
}

describe('notAPicture', () => {
  it.each([
    ['<img src="/u/a_avatar-14x14.jpg" class="avatar avatar-14 photo" height="14" width="14">', 'https://x.test/u/a_avatar-14x14.jpg'],
    ['<img src="/images/PDF.gif" class="docIcon" alt="PDF icon">', 'https://x.test/images/PDF.gif'],
    ['<img src="/img/m_logo.png" alt="MailOnline logo" width="87" height="84">', 'https://x.test/img/m_logo.png'],
    ['<img src="/i/icon_key_gold.gif" alt="Members">', 'https://x.test/i/icon_key_gold.gif'],
    ['<img src="/fav" style="height:18px;width:18px" alt="">', 'https://g.test/faviconV2?url=https://n.test&size=32&type=FAVICON'],
    ['<img src="/e/4-10.png" class="nicknameEmoji">', 'https://x.test/e/4-10.png'],
    ['<img src="/files/avatars/f807.jpg" alt="">', 'https://x.test/files/avatars/f807.jpg'],
    ['<img src="/flags/fl-au.jpg" width="27" height="15" alt="The Australian Flag">', 'https://x.test/flags/fl-au.jpg'],
  ])('drops %s', (html, url) => {
    expect(notAPicture(image(html), url)).toBe(true);
  });

  it.each([
    ['<img src="/images/Product/icon/108015.jpg" alt="Carillon Tenor Wind Chime">', 'https://x.test/images/Product/icon/108015.jpg'],
    ['<img src="/p/tree-sculpture.jpg" width="130" height="45" alt="Tree Sculpture">', 'https://x.test/p/tree-sculpture.jpg'],
    ['<img src="/a/spotify.jpg" alt="Das Logo von Spotify ist auf einem Display eines Smartphones zu sehen.">', 'https://x.test/a/spotify.jpg'],
    ['<img src="/w/app-icon-full-size-300x300.png" alt="Reminders app">', 'https://x.test/w/app-icon-full-size-300x300.png'],
    ['<img src="/news/story.jpg" class="teaser-image" width="640" height="360">', 'https://x.test/news/story.jpg'],
  ])('keeps %s', (html, url) => {
    expect(notAPicture(image(html), url)).toBe(false);
  });
});
