import type { Language } from './languages.ts';
import type { DeepStrings, Resources } from './resources.ts';
import en from '../locales/en/schedules.json' with { type: 'json' };
import vi from '../locales/vi/schedules.json' with { type: 'json' };
import zh from '../locales/zh/schedules.json' with { type: 'json' };

/** The schedules screens' strings in every language, in a module of their own (see resources.ts). */
export const schedulesResources: Record<Language, DeepStrings<Resources['schedules']>> = { en, vi, zh };
