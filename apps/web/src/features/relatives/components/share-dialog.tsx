import { Stack } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { ShareChangeBodySchema, type Share, type ShareChangeBody } from '@rhc/contracts';
import { type FormEvent } from 'react';
import { schemaErrors } from '../../../lib/forms.ts';
import { changeShare } from '../api.ts';
import { useLast } from '../../../hooks/use-last.ts';
import { consentWording } from '../sharing.ts';
import { useForm } from '@mantine/form';
import { GrantFields } from './consent-block.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { useShareSending } from '../use-share-sending.ts';

export type ShareEdit = { share: Share; needsChildAssent: boolean };

/** The holder changes the sections a follower sees (recorded with the wording shown). */
export function ShareDialog({ edit: current, onClose }: { edit: ShareEdit | null; onClose: () => void }) {
  const { t } = useTranslation('relatives');
  const edit = useLast(current);
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      title={edit ? t('followers.changeTitle', { name: edit.share.watcher.fullName }) : ''}
      size="lg"
      centered
    >
      {edit && <ShareForm key={edit.share.id} edit={edit} onDone={onClose} />}
    </Modal>
  );
}

function ShareForm({ edit: { share, needsChildAssent }, onDone }: { edit: ShareEdit; onDone: () => void }) {
  const { t } = useTranslation('relatives');
  const person = share.person.fullName;
  const form = useForm({ initialValues: { sections: share.sections as string[], childAssent: false } });
  const { sections, childAssent } = form.values;
  const bodyOf = (): ShareChangeBody => ({
    sections: sections as ShareChangeBody['sections'],
    childAssent: needsChildAssent && childAssent,
    consentText: sections.length > 0 ? consentWording(t, person, sections) : '',
  });

  const { mutation: save, sendChecked } = useShareSending({
    form,
    mutationFn: (body: ShareChangeBody) => changeShare(share.id, body),
    success: t('followers.changed'),
    onDone,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf();
    const found = schemaErrors(ShareChangeBodySchema, body);
    delete found.consentText;
    sendChecked(found, body, needsChildAssent && !childAssent);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <GrantFields form={form} person={person} label={t('sectionPicker.label')} needsChild={needsChildAssent} />
        <FormActions cancelLabel={t('actions.cancel')} onCancel={onDone} submitLabel={t('actions.save')} pending={save.isPending} />
      </Stack>
    </form>
  );
}
