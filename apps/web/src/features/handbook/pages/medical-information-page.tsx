import { Anchor, Button, Container, Drawer, Group, Text, Title } from '@mantine/core';
import '../styles.ts';
import { IconBook2, IconList, IconPrinter } from '@tabler/icons-react';
import {
  HANDBOOK_PAGES,
  HANDBOOK_REVIEWED_ON,
  HANDBOOK_SOURCES,
  findHandbookPage,
  handbookNeighbours,
  type HandbookPage,
} from '@rhc/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigationType, useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/ui/status-screen.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { formatCalendarDay } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { chapterNumber, chapterTitleKey, pageBodyKey, pageTitleKey } from '../book-texts.ts';
import { handbookPath } from '../handbook-paths.ts';
import { BookContents } from '../components/book-contents.tsx';
import { PageBody } from '../components/page-body.tsx';
import classes from '../handbook.module.css';
import { PageHeading } from '../../../components/ui/page-heading.tsx';

/**
 * Spec /medical-information/: the family medical information book, public. Without a page in the address it shows the
 * table of contents (and search); `/medical-information/<slug>` shows one page, with its sources, its reviewed date,
 * the previous and next pages and the contents beside it (in a drawer on a phone). The words are the `handbook`
 * namespace; the chapters, slugs and sources are `@rhc/domain`'s handbook.
 */
export function MedicalInformationPage() {
  const { page: slug } = useParams<{ page?: string }>();
  if (!slug) return <ContentsView />;
  const entry = findHandbookPage(slug);
  return entry ? <BookPageView key={entry.slug} entry={entry} /> : <MissingPageView />;
}

function ContentsView() {
  const { t } = useTranslation('handbook');
  usePageTitle(t('book.title'));
  return (
    <Container size="md" py="xl" className={classes.book}>
      {/* As the booking pages: the server's first frame (decision 029, layout `booking`) draws the same top. */}
      <PageHeading title={t('book.title')} intro={t('book.intro')} />
      <Text c="dimmed" size="sm" mt="xs">
        {t('book.disclaimer')}
      </Text>
      <nav aria-label={t('book.bookNavigation')} className={classes.contentsPage}>
        <BookContents chapterHeadings />
      </nav>
    </Container>
  );
}

function BookPageView({ entry }: { entry: HandbookPage }) {
  const { t } = useTranslation('handbook');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const title = t(pageTitleKey(entry.slug));
  usePageTitle(title);
  const { previous, next } = handbookNeighbours(entry);
  const closeDrawer = () => setDrawerOpen(false);
  // Reached by a link (next, previous, the contents), the page takes the focus at its title, where a reader starts.
  const heading = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation === 'PUSH') heading.current?.focus();
  }, [navigation]);

  return (
    <Container size="lg" py="xl" px={{ base: 'sm', xs: 'md' }} className={classes.book}>
      <div className={classes.layout}>
        <nav aria-label={t('book.bookNavigation')} className={`${classes.side} ${classes.noPrint}`}>
          <BookContents current={entry.slug} />
        </nav>
        <article className={classes.article}>
          <Group justify="space-between" gap="xs" className={classes.noPrint}>
            <Anchor component={Link} to={handbookPath()} fw={600}>
              <IconBook2 size={18} aria-hidden="true" className={classes.icon} /> {t('book.title')}
            </Anchor>
            <Group gap="xs">
              <Button
                variant="default"
                size="sm"
                className={classes.contentsButton}
                leftSection={<IconList size={18} aria-hidden="true" />}
                onClick={() => setDrawerOpen(true)}
              >
                {t('book.openContents')}
              </Button>
              <Button variant="default" size="sm" leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={() => window.print()}>
                {t('book.print')}
              </Button>
            </Group>
          </Group>
          <Text className={classes.eyebrow} mt="lg">
            {t('book.chapter', { number: chapterNumber(entry.chapterId) })} · {t(chapterTitleKey(entry.chapterId))}
          </Text>
          <Title order={1} ref={heading} tabIndex={-1} className={classes.pageTitle}>
            {title}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('book.pageCounter', { page: entry.index + 1, total: HANDBOOK_PAGES.length })}
          </Text>
          <PageBody body={t(pageBodyKey(entry.slug))} tableLabel={t('book.tableRegion')} />
          <section aria-labelledby="handbook-sources" className={classes.sources}>
            <Title order={2} id="handbook-sources" className={classes.bodyHeading}>
              {t('book.sources')}
            </Title>
            <ol>
              {entry.sources.map((id) => (
                <li key={id}>
                  <Anchor href={HANDBOOK_SOURCES[id].url} target="_blank" rel="noopener noreferrer">
                    {HANDBOOK_SOURCES[id].title}
                  </Anchor>
                  <span className={classes.url}>{HANDBOOK_SOURCES[id].url}</span>
                </li>
              ))}
            </ol>
            <Text size="sm" c="dimmed">
              {t('book.reviewed', { date: formatCalendarDay(HANDBOOK_REVIEWED_ON) })}
            </Text>
          </section>
          <nav aria-label={t('book.pagingLabel')} className={`${classes.paging} ${classes.noPrint}`}>
            {previous && <PagingLink entry={previous} label={t('book.previous')} />}
            {next && <PagingLink entry={next} label={t('book.next')} rel="next" />}
          </nav>
        </article>
      </div>
      <Drawer
        opened={drawerOpen}
        onClose={closeDrawer}
        title={t('book.contents')}
        closeButtonProps={{ 'aria-label': t('book.closeContents') }}
      >
        <nav aria-label={t('book.bookNavigation')}>
          <BookContents current={entry.slug} onNavigate={closeDrawer} />
        </nav>
      </Drawer>
    </Container>
  );
}

function PagingLink({ entry, label, rel }: { entry: HandbookPage; label: string; rel?: 'next' }) {
  const { t } = useTranslation('handbook');
  return (
    <Link to={handbookPath(entry.slug)} className={rel === 'next' ? `${classes.pagingLink} ${classes.pagingNext}` : classes.pagingLink}>
      <span className={classes.pagingLabel}>{label}</span> <span className={classes.pagingTitle}>{t(pageTitleKey(entry.slug))}</span>
    </Link>
  );
}

function MissingPageView() {
  const { t } = useTranslation('handbook');
  usePageTitle(t('book.notFoundTitle'));
  return (
    <NotFoundScreen
      icon={<IconBook2 size={36} />}
      title={t('book.notFoundTitle')}
      text={t('book.notFoundText')}
      action={
        <Button component={Link} to={handbookPath()}>
          {t('book.backToContents')}
        </Button>
      }
    />
  );
}
