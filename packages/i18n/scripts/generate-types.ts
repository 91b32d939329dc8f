import { fileURLToPath } from 'node:url';
import { RESOURCE_TYPES_FILE, writeResourceTypes } from '../src/resource-types.ts';

// `npm run generate -w @rhc/i18n` (run before typecheck, build and dev): the namespace types from locales/en.
if (writeResourceTypes()) console.log(`@rhc/i18n: wrote ${fileURLToPath(RESOURCE_TYPES_FILE)}`);
