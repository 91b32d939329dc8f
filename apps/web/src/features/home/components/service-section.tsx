import { Title } from '@mantine/core';
import { useId } from 'react';
import type { Service } from '../services.ts';
import { ServiceCard } from './service-card.tsx';
import classes from './service-section.module.css';

/** A titled list of service cards: one column on a phone, up to five on a wide screen. */
export function ServiceSection({ title, services }: { title: string; services: Service[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={classes.section}>
      <Title order={2} id={headingId} className={classes.heading}>
        {title}
      </Title>
      <ul className={classes.list}>
        {services.map((service) => (
          <li key={service.key}>
            <ServiceCard service={service} />
          </li>
        ))}
      </ul>
    </section>
  );
}
