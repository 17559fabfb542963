import { describe, expect, it } from 'vitest';
import { normalizeItems } from '../items/normalize.js';
import { parseTime } from './parse-time.js';

const now = new Date('2026-11-26T12:00:00Z');
const iso = (value: string, options: Parameters<typeof parseTime>[1] = {}) => parseTime(value, { now, ...options })?.toISOString();

describe('parseTime: dates written without a year', () => {
  it('reads ISO 8601 month-day (--MM-DD) as the latest such day not in the future', () => {
    expect(iso('--07-03')).toBe('2026-07-03T00:00:00.000Z');
    expect(iso('--12-24')).toBe('2025-12-24T00:00:00.000Z');
    expect(iso('--02-30')).toBeUndefined();
    expect(iso('--13-01')).toBeUndefined();
  });

  it('takes the year from yearReference (the page\'s Last-Modified), not from now', () => {
    const yearReference = new Date('2020-08-01T10:00:00Z');
    expect(iso('--07-03', { yearReference })).toBe('2020-07-03T00:00:00.000Z');
    expect(iso('--12-24', { yearReference })).toBe('2019-12-24T00:00:00.000Z');
    expect(iso('Mar 14', { yearReference })).toBe('2020-03-14T00:00:00.000Z');
    expect(iso('14 mars', { yearReference })).toBe('2020-03-14T00:00:00.000Z');
  });

  it('never lets yearReference date a text that writes its year or is relative', () => {
    const yearReference = new Date('2020-08-01T10:00:00Z');
    expect(iso('Mar 14 2024', { yearReference })).toBe('2024-03-14T00:00:00.000Z');
    expect(iso('3 days ago', { yearReference })).toBe('2026-11-23T12:00:00.000Z');
  });
});

describe('parseTime: a date inside a longer text', () => {
  it('reads a date the fast parser knows when chrono-node cannot read the whole text', () => {
    expect(iso('Dernier message de Gontran Lun 12 Aoû 2013 13:16')).toBe('2013-08-12T13:16:00.000Z');
    expect(iso('von Anna » Mi 5. Mär 2014 09:30 weiter')).toBe('2014-03-05T09:30:00.000Z');
  });

  it('finds nothing where no run of words is a date', () => {
    expect(iso('Version 12 of the manual, page 2013')).toBeUndefined();
    expect(iso('Gontran wrote 3 posts')).toBeUndefined();
  });
});

describe('normalizeItems: the page\'s Last-Modified as evidence for the year', () => {
  const base = { baseUrl: 'https://example.com/', now: now.getTime() };
  const dated = (published_at: string, pageModified?: number) =>
    normalizeItems([{ title: 'T', url: '/a', published_at }], { ...base, ...(pageModified === undefined ? {} : { pageModified }) }).items[0]?.published_at?.toISOString();

  it('gives a year-less date the year that puts it latest not after Last-Modified', () => {
    expect(dated('Dec 24', Date.parse('2019-01-10T00:00:00Z'))).toBe('2018-12-24T00:00:00.000Z');
    expect(dated('--07-03', Date.parse('2020-08-01T00:00:00Z'))).toBe('2020-07-03T00:00:00.000Z');
  });

  it('is never an item\'s date by itself, and a Last-Modified in the future is ignored', () => {
    expect(normalizeItems([{ title: 'T', url: '/a' }], { ...base, pageModified: Date.parse('2020-08-01T00:00:00Z') }).items[0]?.published_at).toBeUndefined();
    expect(dated('Dec 24', Date.parse('2030-01-01T00:00:00Z'))).toBe('2025-12-24T00:00:00.000Z');
  });
});
