import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { InvitationBodySchema, type InvitationBody } from '@rhc/contracts';
import { cleanPhone, isPhoneOf, VN_CALLING_CODE, type GrantedSection } from '@rhc/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { fieldErrorText, schemaErrors, serverFieldErrors, type FieldErrors } from '../../../lib/forms.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useLast } from '../../../hooks/use-last.ts';
import { refreshRelatives, sendInvitation, useManagedProfiles } from '../api.ts';
import { consentWording } from '../sharing.ts';
import { CallingCodePhone } from '../../../components/ui/calling-code-phone.tsx';
import { ChildAssent, ConsentWording } from './consent-block.tsx';
import { SectionPicker } from './section-picker.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

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
  const queryClient = useQueryClient();
  const profiles = useManagedProfiles(target.kind === 'invite' ? userId : '');
  const [callingCodes, setCallingCodes] = useState<string>(VN_CALLING_CODE);
  const [phone, setPhone] = useState('');
  const [profileId, setProfileId] = useState(target.kind === 'invite' && target.personId ? target.personId : ME);
  const [sections, setSections] = useState<string[]>([]);
  const [childAssent, setChildAssent] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

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

  const send = useMutation({
    mutationFn: (body: InvitationBody) => sendInvitation(userId, body),
    onSuccess: async () => {
      showSuccess(isInvite ? t('inviteDialog.sent') : t('inviteDialog.requestSent'));
      onDone();
      await refreshRelatives(queryClient);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CHILD_ASSENT_REQUIRED') {
        setErrors({ childAssent: error.message });
        return;
      }
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else showError(error.message);
    },
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
    if (needsChild && !childAssent) found.childAssent = 'relatives:child.required';
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate(body);
  };

  const errorOf = (path: string) => {
    const error = errors[path];
    if (!error) return undefined;
    return error.startsWith('relatives:') ? t(error.slice('relatives:'.length) as 'child.required') : fieldErrorText(error);
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
              codeProps={{ value: callingCodes, onChange: (value) => setCallingCodes(value ?? VN_CALLING_CODE) }}
              phoneProps={{
                value: phone,
                onChange: (event) => setPhone(event.currentTarget.value),
                error: errorOf('phone'),
                'data-autofocus': true,
              }}
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
            onChange={(value) => {
              setProfileId(value ?? ME);
              setChildAssent(false);
            }}
            data={[
              { value: ME, label: t('inviteDialog.me', { name: user?.fullName ?? '' }) },
              ...(profiles.data ?? []).map((profile) => ({ value: profile.id, label: profile.info.fullName })),
            ]}
            allowDeselect={false}
            required
            withAsterisk={false}
          />
        )}
        <SectionPicker
          value={sections}
          onChange={setSections}
          label={isInvite ? t('sectionPicker.label') : t('sectionPicker.askLabel')}
          error={errorOf('sections')}
          options={target.kind === 'request' ? target.options : undefined}
        />
        {isInvite && <ConsentWording person={personName} sections={sections} />}
        {needsChild && <ChildAssent name={personName} checked={childAssent} onChange={setChildAssent} error={errorOf('childAssent')} />}
        <Textarea
          label={t('inviteDialog.note')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errorOf('note')}
          autosize
          minRows={2}
          maxLength={500}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {isInvite ? t('inviteDialog.send') : t('inviteDialog.sendRequest')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
