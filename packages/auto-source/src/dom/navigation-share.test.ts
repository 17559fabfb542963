import { describe, expect, it } from 'vitest';
import { rankDomCandidates, type ObservedList } from '../scrapers/dom-heuristics.js';
import { page } from '../test-support/helpers.js';
import { RANKING_FEATURES, type RankingModel, type RankingObservation } from './ranking.js';
import { navigationShare } from './ranking-rows.js';

const zeros = (): number[] => RANKING_FEATURES.map(() => 0);
const observing: RankingModel = { features: [...RANKING_FEATURES], weights: zeros(), means: zeros(), scales: RANKING_FEATURES.map(() => 1), topK: 12 };
const PAGE_URL = 'https://example.test/';

/** Headlines written without spaces (Chinese), each a link of its own row. */
const HEADLINES = ['气象局发布暴雨预警提醒市民注意出行安全', '多地高考成绩今日公布考生可在线查询', '新能源汽车销量上半年同比增长明显', '博物馆暑期延长开放时间并推出夜场', '城市轨道交通新线路下月开通试运营', '农业部门部署夏粮收购工作确保农民增收'];
/** A module's tab labels in the same script: a word or two each. */
const LABELS = ['聚焦', '关注', '热点', '国内新闻', '体育', '娱乐'];

function itemsOf(html: string, part: string): ObservedList['items'] {
  let observed: RankingObservation<ObservedList> | undefined;
  rankDomCandidates(page(html, PAGE_URL).document, PAGE_URL, undefined, { model: observing, observe: (observation) => { observed = observation; } });
  const entry = observed?.entries.find((candidate) => candidate.items.length >= 3 && candidate.items.every((item) => item.url?.includes(part)));
  expect(entry).toBeDefined();
  return entry!.items;
}

describe('navigationShare', () => {
  const html = `<body><ul class="tabs">${LABELS.map((label, index) => `<li><a href="/channel/${index}">${label}</a></li>`).join('')}</ul>`
    + `<ul class="news">${HEADLINES.map((headline, index) => `<li><a href="/news/2020/07/${index}.html">${headline}</a></li>`).join('')}</ul>`
    + `<ul class="menu">${['Home', 'World news', 'Sport and games', 'Arts', 'Weather today', 'Contact us'].map((label, index) => `<li><a href="/section/${index}">${label}</a></li>`).join('')}</ul></body>`;

  it('reads headlines of a script without spaces as longer than a menu label', () => {
    expect(navigationShare(itemsOf(html, '/news/'))).toBe(0);
  });

  it('still reads short labels of that script, and of spaced scripts, as a menu', () => {
    expect(navigationShare(itemsOf(html, '/channel/'))).toBe(1);
    expect(navigationShare(itemsOf(html, '/section/'))).toBe(1);
  });
});
