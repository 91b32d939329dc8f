import { Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Service } from '../services.ts';
import classes from './service-card.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

/** One service as a card that is entirely a link (one tab stop, the whole card clickable). */
export function ServiceCard({ service }: { service: Service }) {
  const { t } = useTranslation();
  const { icon: Icon } = service;
  return (
    <Link to={service.to} className={classes.card}>
      <span aria-hidden="true" className={classes.icon}>
        <Icon size={26} stroke={1.6} />
      </span>
      <Text component="h3" className={classes.title}>
        {t(`home.services.${service.key}.title`)}
      </Text>
      <Text size="sm" c="dimmed" className={classes.description}>
        {t(`home.services.${service.key}.description`)}
      </Text>
      <IconArrowRight size={18} aria-hidden="true" className={classes.arrow} />
    </Link>
  );
}
