import { Stack } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { ShareChangeBodySchema, type Share, type ShareChangeBody } from '@rhc/contracts';
import { type FormEvent } from 'react';
import { schemaErrors } from '../../../lib/forms.ts';
import { changeShare, refreshRelatives } from '../api.ts';
import { useLast } from '../../../hooks/use-last.ts';
import { CHILD_REQUIRED, childAssentFailure, consentWording } from '../sharing.ts';
import { useForm } from '@mantine/form';
import { useFormMutation } from '../../../lib/use-form-mutation.ts';
import { GrantFields } from './consent-block.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

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

  const save = useFormMutation({
    mutationFn: (body: ShareChangeBody) => changeShare(share.id, body),
    form,
    onFailure: childAssentFailure,
    success: t('followers.changed'),
    onSuccess: onDone,
    refresh: refreshRelatives,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf();
    const found = schemaErrors(ShareChangeBodySchema, body);
    delete found.consentText;
    if (needsChildAssent && !childAssent) found.childAssent = CHILD_REQUIRED;
    form.setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(body);
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
