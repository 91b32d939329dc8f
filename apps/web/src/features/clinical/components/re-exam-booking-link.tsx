import { Button } from '@mantine/core';
import '../styles.ts';
import type { Order } from '@rhc/contracts';
import { IconCalendarPlus } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Where the doctor books the re-examination of `order`'s patient (decision 027), on `day` (YYYY-MM-DD) preselected. */
export function doctorNewOrderPath(order: Pick<Order, 'id' | 'mode' | 'userId' | 'profileId'>, doctorId: string, day: string): string {
  const path = generatePath(order.mode === 'online' ? paths.healthcareOnlineDoctorNew : paths.healthcareDoctorNew, {
    patientId: order.profileId ?? order.userId,
    doctorId,
  });
  return `${path}?${new URLSearchParams({ from: order.id, day }).toString()}`;
}

/** On the doctor's edit screen, once a re-exam date is saved: "book the re-examination for the patient". */
export function ReExamBookingLink({ order, doctorId, day }: { order: Order; doctorId: string; day: string }) {
  const { t } = useTranslation('clinical');
  return (
    <div>
      <Button
        component={Link}
        to={doctorNewOrderPath(order, doctorId, day)}
        variant="light"
        leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
      >
        {t('reExam.bookForPatient')}
      </Button>
    </div>
  );
}
