import { Anchor, Text, Title } from '@mantine/core';
import '../styles.ts';
import { HANDBOOK_CHAPTERS, HANDBOOK_PAGES } from '@rhc/domain';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { chapterTitleKey, pageTitleKey } from '../book-texts.ts';
import { handbookPath } from '../handbook-paths.ts';
import { BookSearch } from './book-search.tsx';
import classes from '../handbook.module.css';

type BookContentsProps = {
  /** The page being read, marked in the list. */
  current?: string;
  /** On the contents page the chapters are its headings; beside a page (whose h1 follows) they are plain names. */
  chapterHeadings?: boolean;
  /** Called when a link is followed (the drawer closes). */
  onNavigate?: () => void;
};

/** The table of contents, chapters and their pages with their page numbers, after the search box. */
export function BookContents({ current, chapterHeadings = false, onNavigate }: BookContentsProps) {
  const { t } = useTranslation('handbook');
  return (
    <div className={classes.contents}>
      <BookSearch onNavigate={onNavigate} />
      <ol className={classes.chapters}>
        {HANDBOOK_CHAPTERS.map((chapter, index) => {
          const name = (
            <>
              <span className={classes.chapterNumber}>{t('book.chapter', { number: index + 1 })}</span>{' '}
              <span>{t(chapterTitleKey(chapter.id))}</span>
            </>
          );
          return (
            <li key={chapter.id}>
              {chapterHeadings ? (
                <Title order={2} className={classes.chapterName}>
                  {name}
                </Title>
              ) : (
                <Text className={classes.chapterName}>{name}</Text>
              )}
              <ol className={classes.pageList}>
                {HANDBOOK_PAGES.filter((entry) => entry.chapterId === chapter.id).map((entry) => (
                  <li key={entry.slug} value={entry.index + 1}>
                    <Anchor
                      component={Link}
                      to={handbookPath(entry.slug)}
                      aria-current={entry.slug === current ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      {t(pageTitleKey(entry.slug))}
                    </Anchor>
                  </li>
                ))}
              </ol>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
