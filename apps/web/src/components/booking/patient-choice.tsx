import { Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import './styles.ts';
import type { ManagedProfile } from '@rhc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { managedProfilesQuery, useManagedProfiles } from '../../hooks/use-people.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { SegmentedChoice } from '../ui/segmented-choice.tsx';
import { Select } from '../ui/select.tsx';
import { PatientFields } from './patient-fields.tsx';
import { FormSection } from './form-section.tsx';
import { profileValues, type PatientChoiceValues } from './patient-values.ts';
import type { KitStrings } from './order-kit.ts';

type PatientChoiceProps = {
  values: PatientChoiceValues;
  onBookingForChange: (bookingFor: PatientChoiceValues['bookingFor']) => void;
  /** A profile I manage chosen (its details fill the fields, read-only), or null to type them in. */
  onChooseProfile: (profile: ManagedProfile | null) => void;
  /** The form's props of `infomation.<path>`. */
  field: (path: string) => GetInputPropsReturnType;
  /** Editing keeps whom the booking is for. */
  lockBookingFor?: boolean;
  /** The question and the line for oneself, when the booking is not an examination (`name`: the account's). */
  texts?: { bookingFor: string; selfPatient: (name: string) => string };
};

/**
 * Whom a booking is for (spec §2 "self or relative"): me, or someone else — one of the profiles I manage, or a person
 * whose details are typed in. The same on every booking form (an examination, a vaccination).
 */
export function PatientChoice({ values, onBookingForChange, onChooseProfile, field, lockBookingFor, texts }: PatientChoiceProps) {
  const { t } = useTranslation('booking');
  const user = useAuthStore((state) => state.user);
  const queryClient = useQueryClient();
  // Offered only when whom the booking is for may change (not on an edit): fetched now, shown when "someone else" is.
  const profilesOf = lockBookingFor ? undefined : user?.userId;
  useEffect(() => {
    if (profilesOf) void queryClient.prefetchQuery(managedProfilesQuery(profilesOf));
  }, [queryClient, profilesOf]);
  return (
    <>
      <SegmentedChoice
        aria-label={texts?.bookingFor ?? t('form.bookingFor')}
        disabled={lockBookingFor}
        data={[
          { value: 'self', label: t('form.forSelf') },
          { value: 'other', label: t('form.forOther') },
        ]}
        value={values.bookingFor}
        onChange={onBookingForChange}
      />
      {values.bookingFor === 'self' ? (
        <Text>{texts ? texts.selfPatient(user?.fullName ?? '') : t('form.selfPatient', { name: user?.fullName ?? '' })}</Text>
      ) : (
        <Stack gap="sm">
          {profilesOf && <SavedProfileSelect userId={profilesOf} value={values.profileId} onChoose={onChooseProfile} />}
          <PatientFields field={field} readOnly={!!values.profileId} />
        </Stack>
      )}
    </>
  );
}

/** The relatives' profiles I manage, to fill the patient's fields from one; nothing while there is none. */
function SavedProfileSelect({
  userId,
  value,
  onChoose,
}: {
  userId: string;
  value: string | null;
  onChoose: (profile: ManagedProfile | null) => void;
}) {
  const { t } = useTranslation('booking');
  const profiles = useManagedProfiles(userId).data ?? [];
  if (profiles.length === 0) return null;
  return (
    <Select
      label={t('form.savedProfile')}
      description={value ? t('form.savedProfileHint') : undefined}
      placeholder={t('form.savedProfileNone')}
      data={profiles.map((profile) => ({ value: profile.id, label: profile.info.fullName }))}
      value={value}
      onChange={(id) => onChoose(profiles.find((profile) => profile.id === id) ?? null)}
      clearable
      allowDeselect
      comboboxProps={{ position: 'bottom-start' }}
    />
  );
}

/** What the patient section needs of a booking form (Mantine's `useForm` of values that say for whom). */
type PatientForm = {
  getValues: () => PatientChoiceValues;
  setValues: (values: Partial<PatientChoiceValues>) => void;
  getInputProps: (path: `infomation.${string}`) => GetInputPropsReturnType;
};

/**
 * A booking form's first section, whom it is for, as every booking form has it: in the words of the category's own
 * namespace when `strings` names one (a lab test's "who is tested"), else the examination's. A kept profile chosen fills
 * the fields; `onChooseProfile` replaces that where the form fills more (a home visit's address).
 */
export function PatientSection({
  form,
  strings,
  lockBookingFor,
  onChooseProfile,
}: {
  form: PatientForm;
  strings?: KitStrings;
  lockBookingFor?: boolean;
  onChooseProfile?: (profile: ManagedProfile | null) => void;
}) {
  const { t } = useTranslation(strings ?? 'booking');
  return (
    <FormSection title={t('form.patientSection')}>
      <PatientChoice
        values={form.getValues()}
        lockBookingFor={lockBookingFor}
        texts={{ bookingFor: t('form.bookingFor'), selfPatient: (name) => t('form.selfPatient', { name }) }}
        onBookingForChange={(bookingFor) => form.setValues({ bookingFor })}
        onChooseProfile={onChooseProfile ?? ((profile) => form.setValues(profileValues(profile)))}
        field={(path) => form.getInputProps(`infomation.${path}`)}
      />
    </FormSection>
  );
}
