import type { Language, Resources } from '@rhc/i18n';
import { translatorFor } from '../i18n/request-language.ts';
import { AppError } from './app-error.ts';

/** A message of errors.json's `validation` group, e.g. `validation.required`. */
export type ValidationKey = `validation.${keyof Resources['errors']['validation'] & string}`;

/**
 * 400 VALIDATION_FAILED for one field, in the shape of the schemas' own refusals, for a rule a service checks beyond the
 * schema (a time on the wrong day, a birthday after today, a phone of another country's pattern).
 */
export function fieldError(language: Language, field: string, key: ValidationKey): AppError {
  const t = translatorFor(language);
  return new AppError(400, 'VALIDATION_FAILED', {}, [{ field, code: 'custom', message: t(`errors:${key}`) }]);
}
