/*
 * Mantine's stylesheets for the lab and imaging results (decision 016): every file here that imports a Mantine component
 * imports this module, so the CSS travels in the same lazy chunk. `src/app/mantine-css.test.ts` says what to add;
 * dependencies first. The shell's are in `app/shell-styles.ts`.
 */
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/List.layer.css';
