/*
 * Mantine's stylesheets for the account bar, which every page loads right after the shell (decision 016): every file here that
 * imports a Mantine component imports this module, so the CSS travels in the same lazy chunk.
 * `src/app/mantine-css.test.ts` says what to add; dependencies first. The shell's are in `app/shell-styles.ts`.
 */
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
