import { Button, Group, Text } from '@mantine/core';
import '../styles.ts';
import { type Order, ordersEndpoints, relativesEndpoints } from '@rhc/contracts';
import { ORDER_KIND } from '@rhc/domain';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** POST /patients/{orderId} (spec §7): the booking's typed-in patient becomes a profile I manage. */
function keepPatient(orderId: string) {
  return apiRequest(relativesEndpoints.keepPatient, { params: { orderId } });
}

/** Whether the booking's holder can keep its patient as a profile: booked for a relative typed in by hand. */
export function canKeepPatient(order: Pick<Order, 'kind' | 'profileId' | 'userId'>, userId: string | undefined): boolean {
  return order.userId === userId && order.kind === ORDER_KIND.relative && order.profileId === null;
}

/** "Lưu thành hồ sơ người thân" on a booking's page (issue 14): the details typed for a relative, kept for next time. */
export function KeepPatient({ orderId }: { orderId: string }) {
  const { t } = useTranslation('relatives');
  const queryClient = useQueryClient();
  const keep = useFormMutation({
    mutationFn: () => keepPatient(orderId),
    onSuccess: async () => {
      showSuccess(t('keepPatient.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ordersEndpoints.detail.domain] }),
        queryClient.invalidateQueries({ queryKey: [relativesEndpoints.profiles.domain] }),
      ]);
    },
  });
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('keepPatient.hint')}
      </Text>
      <Button
        variant="light"
        leftSection={<IconUserPlus size={16} aria-hidden="true" />}
        onClick={() => keep.mutate()}
        loading={keep.isPending}
      >
        {t('keepPatient.action')}
      </Button>
    </Group>
  );
}
