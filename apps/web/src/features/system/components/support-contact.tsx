// Only components the shell has already (no Anchor): the home page's footer then needs no `ui` chunk (decision 015).
import { Button, Group, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSupportContact } from '../api.ts';
import { SupportContactLoading } from './support-contact-loading.tsx';
import classes from './support-contact.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

/** The support hotline and e-mail (spec §1), as links a phone or mail app opens. */
export function SupportContact() {
  const { t } = useTranslation();
  const contact = useSupportContact();

  if (contact.isPending) return <SupportContactLoading />;
  if (contact.isError) {
    return (
      <Group gap="xs">
        <Text size="sm" c="dimmed" role="alert">
          {t('footer.loadFailed')}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => void contact.refetch()}>
          {t('actions.retry')}
        </Button>
      </Group>
    );
  }
  return (
    <address className={classes.list}>
      <ContactLine icon={<IconPhone size={18} />} label={t('footer.hotline')}>
        <Text component="a" href={`tel:${contact.data.phone}`} fw={700} className={classes.link}>
          {contact.data.phone}
        </Text>
      </ContactLine>
      <ContactLine icon={<IconMail size={18} />} label={t('footer.email')}>
        <Text component="a" href={`mailto:${contact.data.email}`} fw={700} className={`${classes.link} ${classes.email}`}>
          {contact.data.email}
        </Text>
      </ContactLine>
    </address>
  );
}

/** A label above its value, so no language-specific punctuation ("：" in Chinese) is needed between them. */
function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <span className={classes.icon} aria-hidden="true">
        {icon}
      </span>
      <div>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}
