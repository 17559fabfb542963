import { describe, expect, it } from 'vitest';
import { itemsOf, memberOf } from '../test-support/helpers.js';
import { findItemDate } from './item-date.js';

// Issue 17, twelfth session: an item's date beside a deadline in the same table, Japanese era
// years, the month first with hyphens, and a forum topic's start time in its title link's tooltip
// beside a last-post cell; small pages of our own.

const names = ['Survey of the harbour district traffic', 'Training for the citizen service desk', 'Guide to the old town walking routes', 'Study of the riverside park use', 'Video about saving energy at home', 'Plan for the new library building'];

describe('a publication row and a deadline row in one table', () => {
  it('reads the publication date, not the deadline, in the Western calendar and in a Japanese era', async () => {
    const published = ['平成30年7月29日', '平成30年7月28日', '2018年7月27日', '平成30年7月26日', '平成30年7月25日', '平成30年7月24日'];
    const notice = (index: number): string =>
      `<div class="notice"><h2><a href="/notices/${index}">${names[index]}</a></h2><table><tbody>` +
      `<tr><th>公告日</th><td>${published[index]}</td></tr><tr><th>種目</th><td></td></tr>` +
      `<tr><th>締切日時</th><td>平成30年8月${19 + index}日17時</td></tr></tbody></table></div>`;
    const items = await itemsOf(`<main>${names.map((_, index) => notice(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(['2018-07-29', '2018-07-28', '2018-07-27', '2018-07-26', '2018-07-25', '2018-07-24']);
  });

  it('still takes no date from a table that shows only a deadline', async () => {
    const notice = (index: number): string =>
      `<div class="notice"><h2><a href="/notices/${index}">${names[index]}</a></h2><table><tbody>` +
      `<tr><th>Kind</th><td>Service</td></tr><tr><th>Deadline</th><td>${19 + index} August 2018</td></tr></tbody></table></div>`;
    const items = await itemsOf(`<main>${names.map((_, index) => notice(index)).join('')}</main>`);
    expect(items.map((item) => item.day)).toEqual(names.map(() => undefined));
  });
});

describe('forum rows', () => {
  it('reads a month-first date with hyphens and a two-digit year', async () => {
    const row = (index: number): string =>
      `<tr><td><img src="/folder.gif" alt="topic"></td><td><a href="/topic?id=${index}"><b>${names[index]}</b></a></td>` +
      `<td>member${index}</td><td>${index + 3}</td><td>Apr-${String(9 - index).padStart(2, '0')}-01 08:23 AM</td></tr>`;
    const items = await itemsOf(`<table><tbody>${names.map((_, index) => row(index)).join('')}</tbody></table>`);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2001-04-${String(9 - index).padStart(2, '0')}`));
  });

  it("takes the topic's start from its link's tooltip, not the last post's time in a cell that links to the last post", async () => {
    const row = (index: number): string =>
      `<tr><td class="icon"><img src="/folder.gif" alt="No new posts"></td>` +
      `<td class="topic"><a href="/index.php?showtopic=${index}" title="This topic was started: Aug ${8 + index} 2005, 09:43 PM">${names[index]}</a>` +
      `<div class="desc">About topic ${index}</div></td><td class="replies"><a href="/who?t=${index}">${index * 7 + 2}</a></td>` +
      `<td class="starter"><a href="/user/${index}">member${index}</a></td>` +
      `<td class="action">${20 - index}th December 2005 - 04:29 PM<br><a href="/index.php?showtopic=${index}&amp;view=getlastpost">Last post by:</a> <b><a href="/user/9">someone</a></b></td></tr>`;
    const items = await itemsOf(`<table><tbody>${names.map((_, index) => row(index)).join('')}</tbody></table>`);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2005-08-${String(8 + index).padStart(2, '0')}`));
  });
});

describe('a forum table whose date column is labelled as the last update', () => {
  it('takes no date from the "Last updated" column under a navigation row and the forum name', async () => {
    const row = (index: number): string =>
      `<tr><td><a href="/read?om=${index}"><img src="/icon.gif"></a></td><td><a href="/read?om=${index}"><b>${names[index]}</b></a><br><small>What the story is about.</small></td>` +
      `<td>member${index}</td><td>Feb-${String(9 - index).padStart(2, '0')}-03 11:12 AM<br>by member${index + 1}</td><td>${index}</td><td>${index + 3}</td></tr>`;
    const header = '<tr><th colspan="6"><a href="/login">Login</a> <a href="/faq">FAQ</a></th></tr><tr><th colspan="6">Public forums: the story board</th></tr>' +
      '<tr><td></td><td>Discussion topic</td><td>Author</td><td>Last updated date/author</td><td>Replies</td><td>Views</td></tr>';
    const items = await itemsOf(`<table><tbody>${header}${names.map((_, index) => row(index)).join('')}</tbody></table>`);
    expect(items.filter((item) => names.includes(item.title ?? '')).map((item) => item.day)).toEqual(names.map(() => undefined));
  });

  it("keeps a topic's own date in a row that also links to its last post", async () => {
    const row = (index: number): string =>
      `<tbody id="thread_${index}"><tr><td class="icon"><a href="/thread-${index}.html"><img src="/folder.gif"></a></td>` +
      `<th><em>[<a href="/forum?type=1">Talk</a>]</em> <a href="/thread-${index}.html" class="subject">${names[index]}</a></th>` +
      `<td class="by"><cite><a href="/space?uid=${index}">member${index}</a></cite> <em><span>2020-7-${19 - index}</span></em></td>` +
      `<td class="num"><a href="/thread-${index}.html">${index + 2}</a><em>${index * 40 + 100}</em></td>` +
      `<td class="by"><cite><a href="/space?user=${index}">other${index}</a></cite> <em><a href="/redirect?tid=${index}&amp;goto=lastpost#lastpost"><span title="2020-8-2 13:11">3 hours ago</span></a></em></td></tr></tbody>`;
    const items = await itemsOf(`<table>${names.map((_, index) => row(index)).join('')}</table>`);
    expect(items.map((item) => item.day)).toEqual(names.map((_, index) => `2020-07-${String(19 - index).padStart(2, '0')}`));
  });
});

describe('a news result whose header row holds the source and the day', () => {
  it("reads the day from the card's header beside a member whose headline, snippet and picture link to one article", () => {
    const card = (index: number, member: boolean): string =>
      `<div class="layout card"><div class="layout row"><a href="https://press${index}.example/"><img src="/logo${index}.png" alt="press"></a>` +
      `<span class="press">Press number ${index}</span><span class="when">2025.05.${23 - index}.</span><a href="https://portal.example/news/${index}">Portal news</a></div>` +
      `<div class="layout block"${member ? ' data-member' : ''}><div class="layout column"><a href="https://press${index}.example/a/${index}"><span>${names[index]}</span></a>` +
      `<a href="https://press${index}.example/a/${index}"><span>The first lines of article ${index}, what the candidates said.</span></a></div>` +
      `<a href="https://press${index}.example/a/${index}"><img src="/thumb${index}.jpg" alt="picture"></a></div></div>`;
    const { member } = memberOf(`<ul><li>${card(0, true)}</li><li>${card(1, false)}</li></ul>`);
    expect(findItemDate(member, names[0]!)).toContain('2025.05.23.');
  });

  it('still reads nothing around a member whose links lead to three different places', () => {
    const { member } = memberOf(
      `<ul><li><div class="card"><span class="when">2025.05.23.</span><div class="block" data-member><a href="/a/1">${names[0]}</a> <a href="/a/2">${names[1]}</a> <a href="/a/3">${names[2]}</a></div></div></li>` +
        `<li><div class="card"><span class="when">2025.05.22.</span><div class="block"><a href="/a/4">${names[3]}</a></div></div></li></ul>`,
    );
    expect(findItemDate(member, names[0]!)).toBeUndefined();
  });
});

describe('a date at the end of a quoted snippet', () => {
  it('takes no date from snippet text that goes on in lower case after an emphasised word', async () => {
    const result = (index: number): string =>
      `<li class="result"><h2><a href="https://site${index}.example/page">${names[index]}</a></h2>` +
      `<div class="snippet">Selling a black phone in very good condition, with the box and the charger, the memory is large and the screen has no scratch at all, ` +
      `bought in the shop two months ago and kept in a case since then, with the receipt and the warranty card, and a second battery for long trips. <b>4</b> cases. Call... ${index + 4} июня.</div></li>`;
    const items = await itemsOf(`<ul class="results">${names.map((_, index) => result(index)).join('')}</ul>`);
    expect(items.map((item) => item.day)).toEqual(names.map(() => undefined));
  });
});
