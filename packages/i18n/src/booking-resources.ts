import type { Language } from './languages.ts';
import type { DeepStrings, Resources } from './resources.ts';
import en from '../locales/en/booking.json' with { type: 'json' };
import vi from '../locales/vi/booking.json' with { type: 'json' };
import zh from '../locales/zh/booking.json' with { type: 'json' };

/** The booking screens' strings in every language, in a module of their own (see resources.ts). */
export const bookingResources: Record<Language, DeepStrings<Resources['booking']>> = { en, vi, zh };
