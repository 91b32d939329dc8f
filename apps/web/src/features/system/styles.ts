/*
 * Mantine's stylesheets for the system feature's lazy pieces (what the shell shows of it is in `app/shell-styles.ts`) (decision 016): every file here that
 * imports a Mantine component imports this module, so the CSS travels in the same lazy chunk.
 * `src/app/mantine-css.test.ts` says what to add; dependencies first. The shell's are in `app/shell-styles.ts`.
 */
import '@mantine/core/styles/Badge.layer.css';
