import { Container, Stack, Text, Title } from '@mantine/core';
import { vietnamDay } from '@rhc/domain';
import { lazy, Suspense } from 'react';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { SupportContactLoading } from '../../features/system/components/support-contact-loading.tsx';
import classes from './site-footer.module.css';
import { useTranslation } from '../../lib/i18n.ts';

// The footer sits below the fold: its contact block loads after the page, which keeps the API
// client, the contract schemas (zod) and TanStack Query out of the entry bundle.
const SupportContact = lazy(async () => {
  const [contact, { withQueries }] = await Promise.all([
    import('../../features/system/components/support-contact.tsx'),
    import('../query-layer.tsx'),
  ]);
  return { default: withQueries(contact.SupportContact) };
});

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        {/* Two columns from Mantine's sm breakpoint, in CSS: the shell needs no grid component for that. */}
        <div className={classes.columns}>
          <Stack gap="sm">
            <BrandMark />
            <Text size="sm" c="dimmed" maw={440}>
              {t('footer.about')}
            </Text>
          </Stack>
          <Stack gap="sm">
            <Title order={2} size="h5">
              {t('footer.supportTitle')}
            </Title>
            <Suspense fallback={<SupportContactLoading />}>
              <SupportContact />
            </Suspense>
          </Stack>
        </div>
        <hr className={classes.rule} />
        <Text size="xs" c="dimmed">
          {t('footer.copyright', { year: vietnamDay(new Date()).slice(0, 4) })}
        </Text>
      </Container>
    </footer>
  );
}
