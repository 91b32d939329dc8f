import type { Language } from './languages.ts';
import type { DeepStrings, Resources } from './resources.ts';
import en from '../locales/en/errors.json' with { type: 'json' };
import vi from '../locales/vi/errors.json' with { type: 'json' };
import zh from '../locales/zh/errors.json' with { type: 'json' };

/** The error and validation messages in every language, in a module of their own (see resources.ts). */
export const errorsResources: Record<Language, DeepStrings<Resources['errors']>> = { en, vi, zh };
