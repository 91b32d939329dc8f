/*
 * Search within the book, in the browser, over the current language's words. Case and Vietnamese tone marks are
 * ignored ("huyet ap" finds "huyết áp"); every word of the query must be on the page.
 */

/** What search reads of a page: its title, its chapter's and its lines without marks. */
export type SearchablePage = { slug: string; title: string; chapter: string; lines: readonly string[] };
/** A page found, with the first of its lines that has a word of the query (or none when only the title has). */
export type SearchHit = { slug: string; title: string; chapter: string; excerpt?: string };

export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd');
}

export function searchBook(pages: readonly SearchablePage[], query: string): SearchHit[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return pages.flatMap((page) => {
    const folded = [page.title, page.chapter, ...page.lines].map(foldText);
    if (!words.every((word) => folded.some((text) => text.includes(word)))) return [];
    const at = folded.slice(2).findIndex((line) => words.some((word) => line.includes(word)));
    return [{ slug: page.slug, title: page.title, chapter: page.chapter, excerpt: at < 0 ? undefined : page.lines[at] }];
  });
}
