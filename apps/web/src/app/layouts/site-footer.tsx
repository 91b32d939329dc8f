import { Container, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { SupportContactLoading } from '../../features/system/components/support-contact-loading.tsx';
import { inDisplayZone } from '../../lib/dates.ts';
import classes from './site-footer.module.css';

// The footer sits below the fold: its contact block loads after the page, which keeps the API
// client and the contract schemas (zod) out of the entry bundle.
const SupportContact = lazy(async () => ({
  default: (await import('../../features/system/components/support-contact.tsx')).SupportContact,
}));

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
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
        </SimpleGrid>
        <Divider my="lg" />
        <Text size="xs" c="dimmed">
          {t('footer.copyright', { year: inDisplayZone(new Date()).year() })}
        </Text>
      </Container>
    </footer>
  );
}
