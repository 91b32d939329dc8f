import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export function BackHomeButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={paths.home} size="md" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
      {t('actions.backHome')}
    </Button>
  );
}
