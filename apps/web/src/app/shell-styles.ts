/*
 * The CSS the first screen needs, and only that (decision 016): Mantine's globals and the stylesheets of the
 * components the shell draws (layout, header, footer, page loader, error screen) and the home page. Each lazy
 * feature imports its own (`features/<domain>/styles.ts`), so its CSS comes with its chunk. Layered sheets
 * (`@layer mantine`): the app's own CSS wins over Mantine's whatever order the chunks' CSS arrives in.
 * `src/app/mantine-css.test.ts` checks every file against this rule.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
// The theme's own values over Mantine's defaults (written by app/theme-variables.test.tsx).
import './theme-variables.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Center.layer.css';
