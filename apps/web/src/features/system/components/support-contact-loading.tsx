import { Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** The footer's placeholder while the support contact (its code, then its data) is loading. */
export function SupportContactLoading() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="status">
      <Spinner size="xs" />
      <Text size="sm" c="dimmed">
        {t('footer.loading')}
      </Text>
    </Group>
  );
}
