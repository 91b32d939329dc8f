import { Group, Stack, Text } from '@mantine/core';
import '../styles.ts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** An order's first line on its card: its code, and beside it `badge` (its status). */
export function OrderCodeLine({ code, badge }: { code: string; badge: ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {t('common.code')}
        </Text>
        <Text fw={700} size="lg">
          {code}
        </Text>
      </Stack>
      {badge}
    </Group>
  );
}
