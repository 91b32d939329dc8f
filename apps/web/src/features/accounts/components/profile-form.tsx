import { Alert, Badge, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import '../styles.ts';
import type { UserProfile } from '@rhc/contracts';
import { JOB_IDS } from '@rhc/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { AddressField, DateOfBirthField, FullNameField } from '../../../components/person/person-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { focusFirstError, translateInputError } from '../../../lib/forms.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { emptyDoctor, profileErrors, toUpdateUserBody, type ProfileFormValues } from '../account-forms.ts';
import { updateUser, userQueryKey } from '../api.ts';
import { DoctorFields } from './doctor-fields.tsx';
import { FormSection } from './form-section.tsx';
import { GenderField } from '../../../components/person/gender-field.tsx';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { requiredField } from '../../../components/ui/required-field.tsx';

function valuesOf(profile: UserProfile): ProfileFormValues {
  const doctor = profile.doctor;
  return {
    fullName: profile.fullName,
    address: profile.address,
    gender: profile.gender,
    dateOfBirth: profile.dateOfBirth || null,
    jobNote: profile.jobNote ?? '',
    doctor: doctor
      ? {
          degree: doctor.degree,
          specialtyNames: doctor.specialtyNames,
          momoPhone: doctor.momoPhone ?? '',
          bankName: doctor.bankName,
          bankAccount: doctor.bankAccount,
          workPlace: doctor.workPlace,
        }
      : emptyDoctor,
  };
}

/** Spec §2 personal information: everything of §3 but the phone and e-mail, which are shown read-only. */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation(['accounts', 'errors']);
  const queryClient = useQueryClient();
  const updateLoginState = useAuthStore((state) => state.updateUser);
  const form = useForm<ProfileFormValues>({
    initialValues: valuesOf(profile),
    validate: (values) => profileErrors(values, profile.jobId),
    validateInputOnBlur: true,
    enhanceGetInputProps: translateInputError,
  });

  const save = useFormMutation({
    mutationFn: (values: ProfileFormValues) => updateUser(profile.id, toUpdateUserBody(values, profile.jobId)),
    form,
    // A refusal that is not a field's is said in the form itself (below), not in a toast as well.
    onFailure: (error) => (error instanceof ApiError && !error.details ? true : undefined),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryKey(profile.id), saved);
      // The header shows the new name at once.
      updateLoginState({ fullName: saved.fullName, dateOfBirth: saved.dateOfBirth });
      form.resetDirty(valuesOf(saved));
    },
    success: t('profile.saved'),
  });

  const submit = form.onSubmit(
    (values) => save.mutate(values),
    (errors) => focusFirstError(form, errors),
  );
  const failure = save.error instanceof ApiError && !save.error.details ? save.error.message : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        <FormSection title={t('profile.title')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <FullNameField {...form.getInputProps('fullName')} autoComplete="name" />
            <DateOfBirthField {...form.getInputProps('dateOfBirth')} />
            <TextInput label={t('fields.phone')} value={profile.phone} readOnly variant="filled" description={t('profile.readOnly')} />
            <TextInput label={t('fields.email')} value={profile.email} readOnly variant="filled" description={t('profile.readOnly')} />
            <GenderField {...form.getInputProps('gender')} />
            <AddressField {...form.getInputProps('address')} autoComplete="street-address" />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('register.sections.job')}>
          <Stack gap="md">
            <Group gap="sm" align="flex-start">
              <TextInput
                label={t('fields.job')}
                value={t(`jobs.${profile.jobId}`)}
                readOnly
                variant="filled"
                description={t('profile.jobReadOnly')}
                inputWrapperOrder={['label', 'input', 'description']}
                style={{ flex: 1 }}
              />
              {profile.doctor && (
                <Badge color={profile.doctor.verified ? 'teal' : 'orange'} variant="light" mt={24}>
                  {profile.doctor.verified ? t('profile.doctorVerified') : t('profile.doctorNotVerified')}
                </Badge>
              )}
            </Group>
            {profile.jobId === JOB_IDS.other && (
              <GrowingTextarea {...form.getInputProps('jobNote')} {...requiredField(t('fields.jobNote'))} minRows={2} />
            )}
            {profile.jobId === JOB_IDS.doctor && (
              <DoctorFields field={(path) => form.getInputProps(path)} workPlace={form.values.doctor.workPlace} />
            )}
          </Stack>
        </FormSection>

        {failure && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('profile.save')}
        </Button>
      </Stack>
    </form>
  );
}
