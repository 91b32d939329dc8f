/*
 * `@rhc/i18n/node`: what reads the locale files from disk (node:fs), for the server and the tests. The main entry
 * (`@rhc/i18n`) stays free of it, so the web app can import it.
 */
export * from './read-locales.ts';
export * from './translator.ts';
