export * from './languages.ts';
export * from './resources.ts';
export * from './accounts-resources.ts';
export * from './errors-resources.ts';
export * from './translator.ts';
