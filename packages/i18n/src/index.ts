// Safe for the browser. What reads the locale files from disk is `@rhc/i18n/node` (src/node.ts).
export * from './languages.ts';
export * from './resources.ts';
export * from './translate.ts';
