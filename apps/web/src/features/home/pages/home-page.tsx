import { Button, Container, Group, Text, Title } from '@mantine/core';
import { IconStethoscope, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { HomeNotices } from '../components/home-notices.tsx';
import { ServiceSection } from '../components/service-section.tsx';
import { bookingServices, healthServices } from '../services.ts';
import classes from './home-page.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

export function HomePage() {
  const { t } = useTranslation();
  usePageTitle();

  return (
    <>
      <section className={classes.hero}>
        <Container size="lg" className={classes.heroInner}>
          <Text className={classes.eyebrow}>{t('app.name')}</Text>
          <Title order={1} className={classes.title}>
            {t('home.hero.title')}
          </Title>
          <Text className={classes.promise}>{t('home.hero.promise')}</Text>
          <HomeNotices />
          <Group gap="sm" mt="xl" className={classes.actions}>
            <Button component={Link} to={paths.healthcare} size="lg" leftSection={<IconStethoscope size={20} aria-hidden="true" />}>
              {t('home.hero.bookExamination')}
            </Button>
            <Button
              component={Link}
              to={paths.healthcareOnline}
              size="lg"
              variant="default"
              leftSection={<IconVideo size={20} aria-hidden="true" />}
            >
              {t('home.hero.consultOnline')}
            </Button>
          </Group>
        </Container>
      </section>
      <Container size="lg" className={classes.services}>
        <ServiceSection title={t('home.sections.booking')} services={bookingServices} />
        <ServiceSection title={t('home.sections.health')} services={healthServices} />
      </Container>
    </>
  );
}
