import { describe, expect, it } from 'vitest';
import {
  EMERGENCY_NUMBERS,
  HANDBOOK_CHAPTERS,
  HANDBOOK_PAGES,
  HANDBOOK_REVIEWED_ON,
  HANDBOOK_SOURCES,
  findHandbookPage,
  handbookNeighbours,
} from './handbook.ts';

describe('the medical information book', () => {
  it('gives every page a unique slug that is safe in an address', () => {
    const slugs = HANDBOOK_PAGES.map((entry) => entry.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has no empty chapter and numbers the pages in reading order', () => {
    for (const chapter of HANDBOOK_CHAPTERS) expect(chapter.pages.length).toBeGreaterThan(0);
    expect(HANDBOOK_PAGES.map((entry) => entry.index)).toEqual(HANDBOOK_PAGES.map((_, index) => index));
    expect(HANDBOOK_PAGES.length).toBe(HANDBOOK_CHAPTERS.reduce((sum, chapter) => sum + chapter.pages.length, 0));
  });

  it('has every page cite at least one source, each with a title and a web address', () => {
    for (const entry of HANDBOOK_PAGES) {
      expect(entry.sources.length, entry.slug).toBeGreaterThan(0);
      for (const id of entry.sources) {
        expect(HANDBOOK_SOURCES[id].title.length).toBeGreaterThan(0);
        expect(HANDBOOK_SOURCES[id].url).toMatch(/^https?:\/\/\S+$/);
      }
    }
  });

  it('cites every source it lists (none kept for nothing)', () => {
    const cited = new Set(HANDBOOK_PAGES.flatMap((entry) => entry.sources));
    expect(Object.keys(HANDBOOK_SOURCES).filter((id) => !cited.has(id as keyof typeof HANDBOOK_SOURCES))).toEqual([]);
  });

  it('finds a page by its slug and its neighbours, and nothing for an unknown slug', () => {
    const second = HANDBOOK_PAGES[1];
    expect(second && findHandbookPage(second.slug)).toBe(second);
    expect(findHandbookPage('no-such-page')).toBeUndefined();
    const first = HANDBOOK_PAGES[0];
    const last = HANDBOOK_PAGES.at(-1);
    expect(first && handbookNeighbours(first)).toEqual({ previous: undefined, next: second });
    expect(last && handbookNeighbours(last).next).toBeUndefined();
  });

  it('keeps the emergency numbers of the reference and a reviewed date', () => {
    expect(EMERGENCY_NUMBERS).toEqual({ ambulance: '115', police: '113', fireAndRescue: '114', searchAndRescue: '112' });
    expect(HANDBOOK_REVIEWED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
