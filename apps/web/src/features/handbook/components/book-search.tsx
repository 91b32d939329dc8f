import { Anchor, Text, TextInput } from '@mantine/core';
import '../styles.ts';
import { HANDBOOK_PAGES } from '@rhc/domain';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { chapterTitleKey, pageBodyKey, pageTitleKey } from '../book-texts.ts';
import { handbookPath } from '../handbook-paths.ts';
import { plainLine } from '../markup.ts';
import { searchBook, type SearchablePage } from '../search.ts';
import classes from '../handbook.module.css';

/** Search within the book: the pages of the current language with every word typed, each a link to its page. */
export function BookSearch({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('handbook');
  const [query, setQuery] = useState('');
  const pages = useMemo<SearchablePage[]>(
    () =>
      HANDBOOK_PAGES.map((entry) => ({
        slug: entry.slug,
        title: t(pageTitleKey(entry.slug)),
        chapter: t(chapterTitleKey(entry.chapterId)),
        lines: t(pageBodyKey(entry.slug)).split('\n').map(plainLine).filter(Boolean),
      })),
    [t],
  );
  const typed = query.trim();
  const hits = useMemo(() => searchBook(pages, typed), [pages, typed]);

  return (
    <div role="search" className={classes.search}>
      <TextInput
        type="search"
        label={t('book.searchLabel')}
        description={t('book.searchHint')}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      {/* Announced as it changes: how many pages were found, or that none was. */}
      <div aria-live="polite">
        {typed !== '' && (
          <>
            <Text fw={600} mt="sm">
              {t('book.searchResults', { query: typed })}
            </Text>
            {hits.length === 0 ? (
              <Text c="dimmed">{t('book.searchEmpty', { query: typed })}</Text>
            ) : (
              <ul className={classes.hits}>
                {hits.map((hit) => (
                  <li key={hit.slug}>
                    <Anchor component={Link} to={handbookPath(hit.slug)} onClick={onNavigate}>
                      {hit.title}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {hit.excerpt ? `${hit.chapter}: ${hit.excerpt}` : hit.chapter}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
