import { Stack, Text } from '@mantine/core';

/** Names as a bulleted list (a lab order's tests and packages, on its confirm page and on the order's page). */
export function NameList({ names }: { names: readonly string[] }) {
  return (
    <Stack component="ul" gap={2} m={0} ps="lg">
      {names.map((name) => (
        <Text component="li" size="sm" key={name}>
          {name}
        </Text>
      ))}
    </Stack>
  );
}
