import { Button } from '@mantine/core';
import '../styles.ts';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NotFoundScreen } from '../../../components/ui/status-screen.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** A doctor's page whose booking is not there (or not theirs): what is missing, and the way back to the bookings. */
export function NotFoundForDoctor({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('clinical');
  return (
    <NotFoundScreen
      title={title}
      text={text}
      action={
        <Button component={Link} to={paths.applicationList} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
          {t('edit.back')}
        </Button>
      }
    />
  );
}
