import { Button, Group, Stack } from '@mantine/core';
import { Modal } from '../../../components/ui/modal.tsx';
import '../styles.ts';
import { ShareChangeBodySchema, type Share, type ShareChangeBody } from '@rhc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { fieldErrorText, schemaErrors, type FieldErrors } from '../../../lib/forms.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';
import { changeShare, refreshRelatives } from '../api.ts';
import { useLast } from '../../../hooks/use-last.ts';
import { consentWording } from '../sharing.ts';
import { ChildAssent, ConsentWording } from './consent-block.tsx';
import { SectionPicker } from './section-picker.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

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
  const queryClient = useQueryClient();
  const [sections, setSections] = useState<string[]>(share.sections);
  const [childAssent, setChildAssent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const person = share.person.fullName;

  const save = useMutation({
    mutationFn: (body: ShareChangeBody) => changeShare(share.id, body),
    onSuccess: async () => {
      showSuccess(t('followers.changed'));
      onDone();
      await refreshRelatives(queryClient);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CHILD_ASSENT_REQUIRED') setErrors({ childAssent: error.message });
      else showError(error.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ShareChangeBody = {
      sections: sections as ShareChangeBody['sections'],
      childAssent: needsChildAssent && childAssent,
      consentText: sections.length > 0 ? consentWording(t, person, sections) : '',
    };
    const found = schemaErrors(ShareChangeBodySchema, body);
    delete found.consentText;
    if (needsChildAssent && !childAssent) found.childAssent = t('child.required');
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(body);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SectionPicker value={sections} onChange={setSections} label={t('sectionPicker.label')} error={fieldErrorText(errors.sections)} />
        <ConsentWording person={person} sections={sections} />
        {needsChildAssent && (
          <ChildAssent name={person} checked={childAssent} onChange={setChildAssent} error={fieldErrorText(errors.childAssent)} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
