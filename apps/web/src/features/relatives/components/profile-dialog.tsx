import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import { useForm } from '@mantine/form';
import '../styles.ts';
import { ProfileBodySchema, type ManagedProfile, type ProfileBody } from '@rhc/contracts';
import { cleanPhone, GENDERS, isPhoneOf, VN_CALLING_CODE, type Gender } from '@rhc/domain';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { GenderField } from '../../../components/person/gender-field.tsx';
import { AddressField, DateOfBirthField, FullNameField } from '../../../components/person/person-fields.tsx';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { focusFirstError, schemaErrors, translateInputError, type FieldErrors } from '../../../lib/forms.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { createProfile, refreshRelatives, updateProfile } from '../api.ts';
import { CallingCodePhone } from '../../../components/ui/calling-code-phone.tsx';
import { nameCountryOf } from '../../../config/calling-codes.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

type ProfileFormValues = {
  fullName: string;
  callingCodes: string;
  phone: string;
  gender: Gender;
  dateOfBirth: string | null;
  email: string;
  address: string;
  nameCountry: string;
};

function valuesOf(profile?: ManagedProfile): ProfileFormValues {
  const info = profile?.info;
  return {
    fullName: info?.fullName ?? '',
    callingCodes: info?.callingCodes ?? VN_CALLING_CODE,
    phone: info?.phone ?? '',
    // Spec §3: the gender is male unless chosen otherwise.
    gender: (GENDERS as readonly string[]).includes(info?.gender ?? '') ? (info?.gender as Gender) : 'male',
    dateOfBirth: info?.dateOfBirth ?? null,
    email: info?.email ?? '',
    address: info?.address ?? '',
    nameCountry: info?.nameCountry ?? '',
  };
}

function bodyOf(values: ProfileFormValues): ProfileBody {
  return {
    fullName: values.fullName,
    phone: values.phone,
    callingCodes: values.callingCodes,
    nameCountry: nameCountryOf(values.callingCodes) || values.nameCountry,
    gender: values.gender,
    dateOfBirth: values.dateOfBirth ?? '',
    email: values.email.trim(),
    address: values.address,
  };
}

function profileErrors(values: ProfileFormValues): FieldErrors {
  const errors = schemaErrors(ProfileBodySchema, bodyOf(values));
  if (!values.dateOfBirth) errors.dateOfBirth = 'validation.required';
  // The schema checks the phone's pattern only once the rest parses: a form shows every problem at once.
  const phone = cleanPhone(values.phone);
  if (phone !== '' && !errors.phone && !isPhoneOf(values.callingCodes, phone))
    errors.phone = values.callingCodes === VN_CALLING_CODE ? 'validation.phone_invalid' : 'validation.phone_any_invalid';
  return errors;
}

/** Adds a profile I manage, or edits one (spec §3 "Customer/patient info"). */
export function ProfileDialog({ opened, profile, onClose }: { opened: boolean; profile?: ManagedProfile; onClose: () => void }) {
  const { t } = useTranslation('relatives');
  return (
    <Modal opened={opened} onClose={onClose} title={profile ? t('profiles.editTitle') : t('profiles.addTitle')} size="lg" centered>
      {opened && <ProfileForm key={profile?.id ?? 'new'} profile={profile} onDone={onClose} />}
    </Modal>
  );
}

function ProfileForm({ profile, onDone }: { profile?: ManagedProfile; onDone: () => void }) {
  const { t } = useTranslation('relatives');
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const form = useForm<ProfileFormValues>({
    initialValues: valuesOf(profile),
    validate: profileErrors,
    enhanceGetInputProps: translateInputError,
  });

  const save = useFormMutation({
    mutationFn: (body: ProfileBody) => (profile ? updateProfile(profile.id, body) : createProfile(userId, body)),
    form,
    success: profile ? t('profiles.saved') : t('profiles.added'),
    onSuccess: onDone,
    refresh: refreshRelatives,
  });

  const submit = form.onSubmit(
    (values) => save.mutate(bodyOf(values)),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <FullNameField {...form.getInputProps('fullName')} maxLength={30} autoComplete="off" data-autofocus />
          <Stack gap={4}>
            <CallingCodePhone
              codeLabel={t('fields.callingCode')}
              phoneLabel={<FieldLabel required>{t('fields.phone')}</FieldLabel>}
              codeProps={form.getInputProps('callingCodes')}
              phoneProps={form.getInputProps('phone')}
            />
            <Text size="xs" c="dimmed">
              {t('profiles.phoneHint')}
            </Text>
          </Stack>
          <GenderField {...form.getInputProps('gender')} />
          <DateOfBirthField {...form.getInputProps('dateOfBirth')} />
          <TextInput {...form.getInputProps('email')} label={t('fields.email')} type="email" autoComplete="off" />
          <AddressField {...form.getInputProps('address')} maxLength={255} />
        </SimpleGrid>
        <FormActions cancelLabel={t('actions.cancel')} onCancel={onDone} submitLabel={t('actions.save')} pending={save.isPending} />
      </Stack>
    </form>
  );
}
