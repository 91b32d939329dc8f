import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { focusFirstError, serverFieldErrors, type FieldErrors } from './forms.ts';
import { i18n } from './i18n.ts';
import { showError, showSuccess } from './toast.ts';

/** The form a mutation reports to: Mantine's useForm (its `setErrors`, and `getInputNode` to focus the first error). */
export interface ErrorTarget {
  setErrors: (errors: FieldErrors) => void;
  getInputNode?: (path: never) => HTMLElement | null;
}

export interface FormMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Where the server's per-field problems (a VALIDATION error's details) show; without a form, they are a toast too. */
  form?: ErrorTarget;
  /**
   * Before the policy: may add field errors the server gives by code rather than by field (`errors.startDate ??=
   * error.message` for an overlap), or handle the error itself entirely by returning true (no toast, no field). Gets what
   * was sent, to send it again (a change confirmed after the server asked, decision 047).
   */
  onFailure?: (error: Error, errors: FieldErrors, variables: TVariables) => boolean | undefined;
  /** The toast of a success, in the person's language. */
  success?: string | ((data: TData) => string);
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  /** The domain's queries to read again after a success (`refreshRelatives`, `refreshSchedule`…). */
  refresh?: (queryClient: QueryClient) => Promise<unknown>;
}

/** A failure as the person reads it: the server's message (already in their language), or the client's own. */
export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.message : i18n.t('api.unexpected');
}

/**
 * The one mutation of the web's forms and buttons, with one error policy: the server's field problems go to the form's
 * fields (the first one focused), any other failure is a toast in the person's language; after a success, its toast,
 * the caller's `onSuccess`, then the domain's queries read again (the mutation is pending until they are).
 */
export function useFormMutation<TData = unknown, TVariables = void>({
  mutationFn,
  form,
  onFailure,
  success,
  onSuccess,
  refresh,
}: FormMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    mutationFn,
    onSuccess: async (data, variables) => {
      if (success !== undefined) showSuccess(typeof success === 'string' ? success : success(data));
      await onSuccess?.(data, variables);
      await refresh?.(queryClient);
    },
    onError: (error, variables) => {
      const errors = serverFieldErrors(error);
      if (onFailure?.(error, errors, variables) === true) return;
      if (form && Object.keys(errors).length > 0) {
        form.setErrors(errors);
        if (form.getInputNode) focusFirstError(form as Parameters<typeof focusFirstError>[0], errors);
      } else showError(failureText(error));
    },
  });
}
