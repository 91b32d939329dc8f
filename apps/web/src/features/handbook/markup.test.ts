import { describe, expect, it } from 'vitest';
import { parseBody, parseInline, plainLine } from './markup.ts';
import { foldText, searchBook } from './search.ts';

describe('the book’s page marks', () => {
  it('reads headings, paragraphs, lists and tables, one block a line', () => {
    const blocks = parseBody('Intro [115](tel:115).\n## Head\n- one\n- **two**\n| A | B |\n| 1 | 2 |\n| 3 | 4 |\n\nEnd');
    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'heading', 'list', 'table', 'paragraph']);
    expect(blocks[2]).toEqual({
      kind: 'list',
      items: [[{ kind: 'text', text: 'one' }], [{ kind: 'strong', text: 'two' }]],
    });
    expect(blocks[3]).toMatchObject({
      kind: 'table',
      head: [[{ text: 'A' }], [{ text: 'B' }]],
      rows: [
        [[{ text: '1' }], [{ text: '2' }]],
        [[{ text: '3' }], [{ text: '4' }]],
      ],
    });
  });

  it('reads links and strong words inside a line', () => {
    expect(parseInline('See [the calculator](/alcohol-elimination-time/) **now**.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'the calculator', href: '/alcohol-elimination-time/' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', text: 'now' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('gives search the words without the marks', () => {
    expect(plainLine('- Call [115](tel:115) **now**')).toBe('Call 115 now');
    expect(plainLine('| Normal | 120–129 |')).toBe('Normal 120–129');
  });
});

describe('search within the book', () => {
  const pages = [
    { slug: 'a', title: 'Huyết áp', chapter: 'Chỉ số', lines: ['Đo huyết áp tại nhà.'] },
    { slug: 'b', title: 'Đường huyết', chapter: 'Chỉ số', lines: ['Đái tháo đường và hạ đường huyết.'] },
    { slug: 'c', title: '血压', chapter: '生命体征', lines: ['在家测量血压。'] },
  ];

  it('ignores case and Vietnamese marks, and needs every word of the query', () => {
    expect(foldText('Đường Huyết')).toBe('duong huyet');
    expect(searchBook(pages, 'HUYET').map((hit) => hit.slug)).toEqual(['a', 'b']);
    expect(searchBook(pages, 'duong huyet')).toEqual([
      { slug: 'b', title: 'Đường huyết', chapter: 'Chỉ số', excerpt: 'Đái tháo đường và hạ đường huyết.' },
    ]);
    expect(searchBook(pages, 'huyết nhà').map((hit) => hit.slug)).toEqual(['a']);
  });

  it('finds Chinese words, and nothing for an empty query or an unknown word', () => {
    expect(searchBook(pages, '血压').map((hit) => hit.slug)).toEqual(['c']);
    expect(searchBook(pages, '  ')).toEqual([]);
    expect(searchBook(pages, 'xyzzy')).toEqual([]);
  });
});
