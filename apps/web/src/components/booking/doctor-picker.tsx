import { Alert, Avatar, Group, Input, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import './styles.ts';
import type { DoctorCard } from '@rhc/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { FieldLabel } from '../ui/field-label.tsx';
import { fieldErrorText } from '../../lib/forms.ts';
import { isDegree } from './degrees.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Spinner } from '../ui/spinner.tsx';

type DoctorPickerProps = {
  doctors: DoctorCard[] | undefined;
  loading: boolean;
  failure: string | null;
  specialtyChosen: boolean;
  value: string | null;
  onChange: (doctorId: string) => void;
  error?: unknown;
};

/** The doctors of the chosen specialty as cards; a radio group, so arrow keys move between them. */
export function DoctorPicker({ doctors, loading, failure, specialtyChosen, value, onChange, error }: DoctorPickerProps) {
  const { t } = useTranslation('booking');
  const degreeOf = (degree: string) => (isDegree(degree) ? t(`degrees.${degree}`) : degree);
  const label = <FieldLabel required>{t('form.doctor')}</FieldLabel>;
  if (!specialtyChosen || loading || failure || !doctors || doctors.length === 0) {
    return (
      <Input.Wrapper label={label} error={fieldErrorText(error)}>
        <Stack mt={4}>
          {!specialtyChosen ? (
            <Text size="sm" c="dimmed">
              {t('form.chooseSpecialtyFirst')}
            </Text>
          ) : loading ? (
            <Group gap="xs" role="status">
              <Spinner size="xs" />
              <Text size="sm">{t('form.loadingDoctors')}</Text>
            </Group>
          ) : failure ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
              {failure}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {t('form.noDoctors')}
            </Text>
          )}
        </Stack>
      </Input.Wrapper>
    );
  }
  return (
    <Radio.Group value={value} onChange={onChange} label={label} error={fieldErrorText(error)} required withAsterisk={false}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={4}>
        {doctors.map((doctor) => (
          <Radio.Card key={doctor.id} value={doctor.id} radius="md" p="sm" aria-label={`${doctor.fullName}, ${degreeOf(doctor.degree)}`}>
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator mt={4} />
              <Avatar src={doctor.urlImage} alt="" radius="xl" size="lg" name={doctor.fullName} color="brand" variant="filled" />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{doctor.fullName}</Text>
                <Text size="sm" c="dimmed">
                  {degreeOf(doctor.degree)}
                </Text>
                <Text size="sm">{doctor.workPlace}</Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
