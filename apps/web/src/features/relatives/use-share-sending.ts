import type { FieldErrors } from '../../lib/forms.ts';
import { useFormMutation, type ErrorTarget } from '../../lib/use-form-mutation.ts';
import { refreshRelatives } from './api.ts';
import { CHILD_REQUIRED, childAssentFailure } from './sharing.ts';

/**
 * The sending of the forms that share (an invitation, its answer, the change of a share): the server's refusal without the
 * child's agreement at its box, `success` as the toast, then `onDone` and the relatives' lists read again. `sendChecked` ends
 * their submit: the child's agreement asked for when it is missing, the errors shown, the body sent when there are none.
 */
export function useShareSending<TBody>({
  form,
  mutationFn,
  success,
  onDone,
}: {
  form: ErrorTarget;
  mutationFn: (body: TBody) => Promise<unknown>;
  success: string;
  onDone: () => void;
}) {
  const mutation = useFormMutation({
    mutationFn,
    form,
    onFailure: childAssentFailure,
    success,
    onSuccess: onDone,
    refresh: refreshRelatives,
  });
  const sendChecked = (found: FieldErrors, body: TBody, childMissing: boolean) => {
    if (childMissing) found.childAssent = CHILD_REQUIRED;
    form.setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(body);
  };
  return { mutation, sendChecked };
}
