import { Stack, Text, Textarea } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { InvitationAnswerBodySchema, type Invitation, type InvitationAnswerBody } from '@rhc/contracts';
import { type FormEvent } from 'react';
import { schemaErrors, translateInputError } from '../../../lib/forms.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { answerInvitation } from '../api.ts';
import { useLast } from '../../../hooks/use-last.ts';
import { consentWording } from '../sharing.ts';
import { useForm } from '@mantine/form';
import { GrantFields } from './consent-block.tsx';
import { type TFunction, useTranslation } from '../../../lib/i18n.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { requiredField } from '../../../components/ui/required-field.tsx';
import { useShareSending } from '../use-share-sending.ts';

export type Answer = { invitation: Invitation; accept: boolean };

/** The name the invitation shows for the other party (their phone, masked, while the name is unknown). */
export function counterpartName(t: TFunction<'relatives'>, invitation: Invitation): string {
  return invitation.counterpart.fullName ?? t('invitations.someone', { phone: invitation.counterpart.phoneMasked });
}

type Translate = TFunction<'relatives'>;

/** What an invitation is, in a sentence, from my side of it (`myId`: my own profile's id). */
export function invitationHeadline(t: Translate, invitation: Invitation, myId: string): string {
  const name = counterpartName(t, invitation);
  const person = invitation.person?.fullName ?? t('invitations.unknownPerson', { phone: invitation.counterpart.phoneMasked });
  if (invitation.direction === 'incoming') {
    if (invitation.kind === 'invite')
      return invitation.person?.fullName === invitation.counterpart.fullName
        ? t('invitations.kindInviteIncomingOwn', { name })
        : t('invitations.kindInviteIncoming', { name, person });
    // A request sent to my phone names no profile: it asks for mine.
    return !invitation.person || invitation.person.id === myId
      ? t('invitations.kindRequestIncomingMe', { name })
      : t('invitations.kindRequestIncoming', { name, person });
  }
  if (invitation.kind === 'invite')
    return invitation.person?.id === myId
      ? t('invitations.kindInviteOutgoingMine', { name })
      : t('invitations.kindInviteOutgoing', { name, person });
  return t('invitations.kindRequestOutgoing', { person });
}

/**
 * Accepts or denies an invitation addressed to me, with the required note (spec §4/§5). Accepting a request to follow
 * a profile I hold means choosing the sections (what was asked ticked in advance, nothing more) with the consent wording shown and, for a
 * child aged 7–15, confirming the child agreed.
 */
export function AnswerDialog({ answer: current, onClose }: { answer: Answer | null; onClose: () => void }) {
  const { t } = useTranslation('relatives');
  const answer = useLast(current);
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      title={answer?.accept ? t('invitations.acceptTitle') : t('invitations.denyTitle')}
      size="lg"
      centered
    >
      {answer && <AnswerForm key={`${answer.invitation.id}-${answer.accept}`} answer={answer} onDone={onClose} />}
    </Modal>
  );
}

function AnswerForm({ answer: { invitation, accept }, onDone }: { answer: Answer; onDone: () => void }) {
  const { t } = useTranslation('relatives');
  const form = useForm({
    // A request is answered with what was asked ticked (issue 54 item 16): the owner unticks what they will not share.
    initialValues: {
      note: '',
      sections: (accept && invitation.kind === 'request' ? [...invitation.sections] : []) as string[],
      childAssent: false,
    },
    enhanceGetInputProps: translateInputError,
  });
  const { note, sections, childAssent } = form.values;
  const granting = accept && invitation.kind === 'request';
  const needsChild = granting && invitation.needsChildAssent;
  // A request sent to my phone names no profile: it asks for mine.
  const myName = useAuthStore((state) => state.user?.fullName ?? '');
  const myId = useAuthStore((state) => state.user?.userId ?? '');
  const person = invitation.person?.fullName ?? myName;
  const name = counterpartName(t, invitation);

  const { mutation: send, sendChecked } = useShareSending({
    form,
    mutationFn: (body: InvitationAnswerBody) => answerInvitation(invitation.id, body),
    success: accept ? t('invitations.accepted') : t('invitations.denied'),
    onDone,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: InvitationAnswerBody = {
      accept,
      note,
      ...(granting
        ? {
            sections: sections as NonNullable<InvitationAnswerBody['sections']>,
            childAssent: needsChild && childAssent,
            ...(sections.length > 0 ? { consentText: consentWording(t, person, sections) } : {}),
          }
        : {}),
    };
    const found = schemaErrors(InvitationAnswerBodySchema, body);
    if (granting && sections.length === 0) found.sections = 'validation.sections_required';
    sendChecked(found, body, needsChild && !childAssent);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{invitationHeadline(t, invitation, myId)}</Text>
        {granting && (
          <>
            <Text size="sm" c="dimmed">
              {t('invitations.grantHint', { name, person })}
            </Text>
            <GrantFields form={form} person={person} label={t('sectionPicker.label')} needsChild={needsChild} />
          </>
        )}
        <Textarea
          {...requiredField(t('invitations.answerNote'))}
          description={t('invitations.answerNoteHint')}
          {...form.getInputProps('note')}
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
        />
        <FormActions
          cancelLabel={t('actions.cancel')}
          onCancel={onDone}
          submitLabel={accept ? t('invitations.accept') : t('invitations.deny')}
          color={accept ? undefined : 'red'}
          pending={send.isPending}
        />
      </Stack>
    </form>
  );
}
