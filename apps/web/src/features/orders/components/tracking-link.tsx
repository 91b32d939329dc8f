import { ActionIcon, Anchor, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import '../styles.ts';
import { IconCalendarPlus, IconCheck, IconCopy } from '@tabler/icons-react';
import { generatePath } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { orderIcsUrl } from '../api.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The public tracking URL of an order, as a person shares it. */
export function trackingUrl(secureCode: string): string {
  return `${window.location.origin}${generatePath(paths.orderTracking, { orderSecureCode: secureCode })}`;
}

/** The public tracking link, with a button that copies it. */
export function TrackingLink({ secureCode }: { secureCode: string }) {
  const { t } = useTranslation('orders');
  const url = trackingUrl(secureCode);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('detail.trackingLink')}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Anchor href={url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {url}
        </Anchor>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('detail.copied') : t('detail.copy')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? t('detail.copied') : t('detail.copy')}
              >
                {copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** "Add to calendar": downloads the booking as an .ics file (the session cookie goes with the link). */
export function CalendarLink({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation('orders');
  return (
    <Button
      component="a"
      href={orderIcsUrl(orderId, i18n.language)}
      download
      variant="light"
      leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
    >
      {t('detail.addToCalendar')}
    </Button>
  );
}
