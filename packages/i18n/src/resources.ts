import type { Language } from './languages.ts';
import enAccounts from '../locales/en/accounts.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import enMessages from '../locales/en/messages.json' with { type: 'json' };
import viAccounts from '../locales/vi/accounts.json' with { type: 'json' };
import viCommon from '../locales/vi/common.json' with { type: 'json' };
import viErrors from '../locales/vi/errors.json' with { type: 'json' };
import viMessages from '../locales/vi/messages.json' with { type: 'json' };
import zhAccounts from '../locales/zh/accounts.json' with { type: 'json' };
import zhCommon from '../locales/zh/common.json' with { type: 'json' };
import zhErrors from '../locales/zh/errors.json' with { type: 'json' };
import zhMessages from '../locales/zh/messages.json' with { type: 'json' };
import enSchedules from '../locales/en/schedules.json' with { type: 'json' };
import enBooking from '../locales/en/booking.json' with { type: 'json' };
import enOrders from '../locales/en/orders.json' with { type: 'json' };
import viSchedules from '../locales/vi/schedules.json' with { type: 'json' };
import viBooking from '../locales/vi/booking.json' with { type: 'json' };
import viOrders from '../locales/vi/orders.json' with { type: 'json' };
import zhSchedules from '../locales/zh/schedules.json' with { type: 'json' };
import zhBooking from '../locales/zh/booking.json' with { type: 'json' };
import zhOrders from '../locales/zh/orders.json' with { type: 'json' };

/** English is the reference language for key types; vi and zh must carry every key (see the completeness test). */
export const enResources = {
  common: enCommon,
  errors: enErrors,
  messages: enMessages,
  accounts: enAccounts,
  schedules: enSchedules,
  booking: enBooking,
  orders: enOrders,
};
export type Resources = typeof enResources;
export type Namespace = keyof Resources;

/** Every namespace, as a list that does not reference the strings (importing it bundles none of them). */
export const NAMESPACES: readonly Namespace[] = ['common', 'errors', 'messages', 'accounts', 'schedules', 'booking', 'orders'];

export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
type Bundles<N extends Namespace> = Record<Language, DeepStrings<Pick<Resources, N>>>;

/** Every namespace in every language (the server, the completeness test). */
export const resources: Bundles<Namespace> = {
  en: enResources,
  vi: {
    common: viCommon,
    errors: viErrors,
    messages: viMessages,
    accounts: viAccounts,
    schedules: viSchedules,
    booking: viBooking,
    orders: viOrders,
  },
  zh: {
    common: zhCommon,
    errors: zhErrors,
    messages: zhMessages,
    accounts: zhAccounts,
    schedules: zhSchedules,
    booking: zhBooking,
    orders: zhOrders,
  },
};

/*
 * The same strings split for the web app, which keeps its first screen small: it bundles the shell's
 * namespace and adds the others with the code that uses them, loaded on first use (the server's
 * `messages` it never needs). Each such namespace has a module of its own (errors-resources.ts,
 * accounts-resources.ts), so a bundler can leave its strings out of the first screen's chunk.
 */
export const STARTUP_NAMESPACES = ['common'] as const;
export const startupResources: Bundles<(typeof STARTUP_NAMESPACES)[number]> = {
  en: { common: enCommon },
  vi: { common: viCommon },
  zh: { common: zhCommon },
};
