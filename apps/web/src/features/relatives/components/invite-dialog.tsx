import { Stack, Text, Textarea } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { InvitationBodySchema, type InvitationBody } from '@rhc/contracts';
import { cleanPhone, isPhoneOf, VN_CALLING_CODE, type GrantedSection } from '@rhc/domain';
import { type FormEvent } from 'react';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { schemaErrors, translateInputError } from '../../../lib/forms.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useLast } from '../../../hooks/use-last.ts';
import { sendInvitation, useManagedProfiles } from '../api.ts';
import { consentWording } from '../sharing.ts';
import { useForm } from '@mantine/form';
import { CallingCodePhone } from '../../../components/ui/calling-code-phone.tsx';
import { GrantFields } from './consent-block.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { useShareSending } from '../use-share-sending.ts';

const ME = 'me';

/** Who the dialog is about: `invite` someone to follow me or a profile I manage; `request` to follow someone. */
export type InviteTarget =
  | { kind: 'invite'; personId?: string }
  /** Asking a person who already shares with me (`person`) for more sections, or the owner of a phone. */
  | { kind: 'request'; person?: { id: string; fullName: string }; options?: readonly GrantedSection[] };

/** "Mời theo dõi" / "Xin theo dõi" / "Yêu cầu quyền truy cập": one invitation (spec §4), sent by phone or to a person. */
export function InviteDialog({ target: current, onClose }: { target: InviteTarget | null; onClose: () => void }) {
  const { t } = useTranslation('relatives');
  const target = useLast(current);
  const title =
    target?.kind === 'invite'
      ? t('inviteDialog.inviteTitle')
      : target?.person
        ? t('inviteDialog.requestAccessTitle')
        : t('inviteDialog.requestTitle');
  return (
    <Modal opened={current !== null} onClose={onClose} title={title} size="lg" centered>
      {target && <InviteForm key={JSON.stringify(target)} target={target} onDone={onClose} />}
    </Modal>
  );
}

function InviteForm({ target, onDone }: { target: InviteTarget; onDone: () => void }) {
  const { t } = useTranslation('relatives');
  const user = useAuthStore((state) => state.user);
  const userId = user?.userId ?? '';
  const profiles = useManagedProfiles(target.kind === 'invite' ? userId : '');
  const form = useForm({
    initialValues: {
      callingCodes: VN_CALLING_CODE as string,
      phone: '',
      profileId: target.kind === 'invite' && target.personId ? target.personId : ME,
      sections: [] as string[],
      childAssent: false,
      note: '',
    },
    enhanceGetInputProps: translateInputError,
  });
  const { callingCodes, phone, profileId, sections, childAssent, note } = form.values;

  const isInvite = target.kind === 'invite';
  const fixedPerson = target.kind === 'request' ? target.person : undefined;
  const chosenProfile = profiles.data?.find(({ id }) => id === profileId);
  const personName = profileId === ME ? (user?.fullName ?? '') : (chosenProfile?.info.fullName ?? '');
  const needsChild = isInvite && chosenProfile?.needsChildAssent === true;

  const bodyOf = (): InvitationBody => ({
    kind: target.kind,
    ...(fixedPerson ? { personId: fixedPerson.id } : { phone, callingCodes }),
    ...(isInvite && profileId !== ME ? { personId: profileId } : {}),
    sections: sections as InvitationBody['sections'],
    childAssent: needsChild ? childAssent : false,
    ...(isInvite && sections.length > 0 ? { consentText: consentWording(t, personName, sections) } : {}),
    ...(note.trim() ? { note: note.trim() } : {}),
  });

  const { mutation: send, sendChecked } = useShareSending({
    form,
    mutationFn: (body: InvitationBody) => sendInvitation(userId, body),
    success: isInvite ? t('inviteDialog.sent') : t('inviteDialog.requestSent'),
    onDone,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf();
    const found = schemaErrors(InvitationBodySchema, body);
    if (!fixedPerson) {
      const cleaned = cleanPhone(phone);
      if (cleaned !== '' && !found.phone && !isPhoneOf(callingCodes, cleaned))
        found.phone = callingCodes === VN_CALLING_CODE ? 'validation.phone_invalid' : 'validation.phone_any_invalid';
    }
    // The asker chooses what they would like to see, not what to share (issue 54 item 16).
    if (!isInvite && found.sections === 'validation.sections_required') found.sections = 'validation.sections_required_view';
    sendChecked(found, body, needsChild && !childAssent);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {isInvite
            ? t('inviteDialog.inviteIntro')
            : fixedPerson
              ? t('inviteDialog.requestAccessIntro', { name: fixedPerson.fullName })
              : t('inviteDialog.requestIntro')}
        </Text>
        {!fixedPerson && (
          <Stack gap={4}>
            <CallingCodePhone
              codeLabel={t('fields.callingCode')}
              phoneLabel={<FieldLabel required>{t('fields.phone')}</FieldLabel>}
              codeProps={{ value: callingCodes, onChange: (value) => form.setFieldValue('callingCodes', value ?? VN_CALLING_CODE) }}
              phoneProps={{ ...form.getInputProps('phone'), 'data-autofocus': true }}
            />
            <Text size="xs" c="dimmed">
              {t('inviteDialog.phoneHint')}
            </Text>
          </Stack>
        )}
        {isInvite && (
          <Select
            label={<FieldLabel required>{t('inviteDialog.profile')}</FieldLabel>}
            value={profileId}
            onChange={(value) => form.setValues({ profileId: value ?? ME, childAssent: false })}
            data={[
              { value: ME, label: t('inviteDialog.me', { name: user?.fullName ?? '' }) },
              ...(profiles.data ?? []).map((profile) => ({ value: profile.id, label: profile.info.fullName })),
            ]}
            allowDeselect={false}
            required
            withAsterisk={false}
          />
        )}
        <GrantFields
          form={form}
          person={personName}
          label={isInvite ? t('sectionPicker.label') : t('sectionPicker.askLabel')}
          needsChild={needsChild}
          options={target.kind === 'request' ? target.options : undefined}
          wording={isInvite}
        />
        <Textarea label={t('inviteDialog.note')} {...form.getInputProps('note')} autosize minRows={2} maxLength={500} />
        <FormActions
          cancelLabel={t('actions.cancel')}
          onCancel={onDone}
          submitLabel={isInvite ? t('inviteDialog.send') : t('inviteDialog.sendRequest')}
          pending={send.isPending}
        />
      </Stack>
    </form>
  );
}
