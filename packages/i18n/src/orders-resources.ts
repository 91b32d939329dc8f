import type { Language } from './languages.ts';
import type { DeepStrings, Resources } from './resources.ts';
import en from '../locales/en/orders.json' with { type: 'json' };
import vi from '../locales/vi/orders.json' with { type: 'json' };
import zh from '../locales/zh/orders.json' with { type: 'json' };

/** The orders screens' strings in every language, in a module of their own (see resources.ts). */
export const ordersResources: Record<Language, DeepStrings<Resources['orders']>> = { en, vi, zh };
