import { NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import '../styles.ts';
import { accountsEndpoints, type ManagedProfile } from '@rhc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CapacityTimePicker, placeFacts } from '../../../components/booking/capacity-time-picker.tsx';
import { focusFirstError, FormFooter, FormSection, useBookingForm } from '../../../components/booking/form-section.tsx';
import type { KitFormProps } from '../../../components/booking/order-kit.ts';
import { NoteSection } from '../../../components/booking/note-section.tsx';
import { PatientSection } from '../../../components/booking/patient-choice.tsx';
import { profileValues } from '../../../components/booking/patient-values.ts';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { useWorkUnits } from '../../../hooks/use-catalog.ts';
import { apiRequest, queryKeyOf } from '../../../lib/api-client.ts';
import { todayInDisplayZone } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { LabDraft } from '../../../stores/booking-store.ts';
import { labFreeTimesQuery, useLabDistricts, useLabFreeTimes } from '../api.ts';
import { LAB_STRINGS } from '../lab-paths.ts';
import { labErrors, placeOf, toLabOrderBody, type LabFormValues } from '../lab-values.ts';
import { districtName } from '../lab-words.ts';
import { LabCatalogPicker } from './lab-catalog-picker.tsx';
import { LabChoiceSummary } from './lab-choice-summary.tsx';

/** Editing: the order's own place and time, offered though its place is taken (by the order itself). */
export type LabHeldTime = { day: string; time: string; atHome: boolean; district: string; workUnitId: string };

/** Editing keeps whom the order is for. */
type LabFormProps = KitFormProps<LabFormValues, LabDraft, LabHeldTime>;

/**
 * Spec §2 "/diagnostictest/": for whom, where the sample is taken (at home: the area, the address and the phone the
 * collector calls; or a clinic), the tests and packages with the running total and the preparation, the day and a
 * window or slot with places left, a note. The booking parts are the examination's (components/booking).
 */
export function LabForm(props: LabFormProps) {
  const { initialValues, submitLabel, pending, failure, editing, onSubmit, takenSlot, secondaryAction, heldTime } = props;
  const { t } = useTranslation(LAB_STRINGS);
  const queryClient = useQueryClient();
  const form = useBookingForm(initialValues, labErrors);
  const values = form.getValues();
  const place = placeOf(values);
  const freeTimes = useLabFreeTimes(place, values.testDay);
  const clearTime = () => form.setFieldValue('testTime', null);
  const chooseProfile = (profile: ManagedProfile | null) =>
    form.setValues({
      ...profileValues(profile),
      // The visit goes to where the person lives, unless an address was already written.
      ...(profile && !form.getValues().orderAdress.trim() ? { orderAdress: profile.info.address } : {}),
    });
  useAccountAddress(!editing, (address) => {
    if (!form.getValues().orderAdress && !form.isTouched('orderAdress')) form.setFieldValue('orderAdress', address);
  });
  const held =
    heldTime &&
    heldTime.atHome === values.atHome &&
    (values.atHome ? heldTime.district === values.district : heldTime.workUnitId === values.workUnitId)
      ? { day: heldTime.day, time: heldTime.time }
      : null;

  const submit = form.onSubmit(
    (checked) => {
      const chosen = placeOf(checked);
      onSubmit({
        ...toLabOrderBody(checked),
        bookingFor: checked.bookingFor,
        ...placeFacts(queryClient, chosen && checked.testDay ? labFreeTimesQuery(chosen, checked.testDay) : null, checked.testTime),
      });
    },
    (errors, _values, event) => focusFirstError(errors, event),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <PatientSection form={form} strings={LAB_STRINGS} lockBookingFor={editing} onChooseProfile={chooseProfile} />

        <FormSection title={t('form.itemsSection')}>
          <LabCatalogPicker
            packages={values.packageTestItems}
            tests={values.requestTestItems}
            onChange={({ packages, tests }) => {
              form.setValues({ packageTestItems: packages, requestTestItems: tests });
              form.clearFieldError('requestTestItems');
            }}
            error={form.errors.requestTestItems}
          />
          <LabChoiceSummary selection={{ packages: values.packageTestItems, tests: values.requestTestItems }} />
        </FormSection>

        <FormSection title={t('form.placeSection')}>
          <SegmentedChoice
            aria-label={t('form.placeChoice')}
            data={[
              { value: 'home', label: t('form.atHome') },
              { value: 'clinic', label: t('form.atClinic') },
            ]}
            value={values.atHome ? 'home' : 'clinic'}
            onChange={(value) => {
              form.setValues({ atHome: value === 'home', testTime: null });
              form.clearErrors();
            }}
          />
          {values.atHome ? <HomeFields form={form} onAreaChange={clearTime} /> : <ClinicField form={form} onClinicChange={clearTime} />}
        </FormSection>

        <FormSection title={t('form.timeSection')}>
          <CapacityTimePicker
            strings={LAB_STRINGS}
            freeTimes={freeTimes}
            placeChosen={place !== null}
            chooseFirst={t('form.choosePlaceFirst')}
            timeLabel={place?.atHome === false ? t('form.slot') : t('form.window')}
            cols={place?.atHome === false ? { base: 2, xs: 3, sm: 4 } : { base: 1, xs: 2 }}
            form={form}
            heldTime={held}
            takenSlot={takenSlot}
          />
        </FormSection>

        <NoteSection strings={LAB_STRINGS} inputProps={form.getInputProps('note')} />

        <FormFooter failure={failure} secondaryAction={secondaryAction} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}

type LabFormApi = UseFormReturnType<LabFormValues, LabFormValues, (values: LabFormValues) => FormErrors>;

/** At home: the area (a former district the clinics' teams visit, named in words), the address and the collector's phone. */
function HomeFields({ form, onAreaChange }: { form: LabFormApi; onAreaChange: () => void }) {
  const { t } = useTranslation(LAB_STRINGS);
  const districts = useLabDistricts(todayInDisplayZone());
  const values = form.getValues();
  const codes = districts.data ?? [];
  // The order's own area stays offered even if it were no longer listed.
  const listed = values.district && !codes.includes(values.district) ? [values.district, ...codes] : codes;
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('form.homeHint')}
      </Text>
      <NativeSelect
        {...form.getInputProps('district')}
        label={<FieldLabel required>{t('form.district')}</FieldLabel>}
        description={t('form.districtHint')}
        data={[
          { value: '', label: t('form.districtPlaceholder'), disabled: true },
          ...listed.map((code) => ({ value: code, label: districtName(code) })),
        ]}
        onChange={({ currentTarget }) => {
          form.setFieldValue('district', currentTarget.value);
          form.clearFieldError('district');
          onAreaChange();
        }}
        required
        withAsterisk={false}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          {...form.getInputProps('orderAdress')}
          label={<FieldLabel required>{t('form.address')}</FieldLabel>}
          placeholder={t('form.addressPlaceholder')}
          autoComplete="street-address"
          maxLength={300}
          required
          withAsterisk={false}
        />
        <TextInput
          {...form.getInputProps('orderPhone')}
          label={<FieldLabel required>{t('form.phone')}</FieldLabel>}
          description={t('form.phoneHint')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          required
          withAsterisk={false}
        />
      </SimpleGrid>
    </>
  );
}

/** At a clinic: one of the network's hospitals and clinics (one without lab staff says so under the times). */
function ClinicField({ form, onClinicChange }: { form: LabFormApi; onClinicChange: () => void }) {
  const { t } = useTranslation(LAB_STRINGS);
  const clinics = useWorkUnits();
  const values = form.getValues();
  const clinic = clinics.data?.find(({ id }) => String(id) === values.workUnitId);
  return (
    <NativeSelect
      {...form.getInputProps('workUnitId')}
      label={<FieldLabel required>{t('form.clinic')}</FieldLabel>}
      description={clinic?.address}
      data={[
        { value: '', label: t('form.clinicPlaceholder'), disabled: true },
        ...(clinics.data ?? []).map(({ id, name }) => ({ value: String(id), label: name })),
      ]}
      onChange={({ currentTarget }) => {
        form.setFieldValue('workUnitId', currentTarget.value);
        form.clearFieldError('workUnitId');
        onClinicChange();
      }}
      required
      withAsterisk={false}
    />
  );
}

/** The account's own address (the header reads the same profile, so this is mostly the cache's), for a home visit. */
function useAccountAddress(enabled: boolean, onAddress: (address: string) => void) {
  const userId = useAuthStore((state) => state.user?.userId ?? '');
  const profile = useQuery({
    // The header's entry (features/accounts: `userQueryKey`), so its answer serves here.
    queryKey: queryKeyOf(accountsEndpoints.profile, { id: userId }),
    queryFn: ({ signal }) => apiRequest(accountsEndpoints.profile, { params: { id: userId }, signal, showServerErrorScreen: false }),
    enabled: enabled && userId !== '',
    staleTime: 60_000,
  });
  const address = profile.data?.address ?? '';
  useEffect(() => {
    if (address) onAddress(address);
    // Once, when the address arrives: later renders hand in a new callback, not a new address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address]);
}
