import type { Language } from './languages.ts';
import type { DeepStrings, Resources } from './resources.ts';
import en from '../locales/en/accounts.json' with { type: 'json' };
import vi from '../locales/vi/accounts.json' with { type: 'json' };
import zh from '../locales/zh/accounts.json' with { type: 'json' };

/** The accounts screens' strings in every language, in a module of their own (see resources.ts). */
export const accountsResources: Record<Language, DeepStrings<Resources['accounts']>> = { en, vi, zh };
