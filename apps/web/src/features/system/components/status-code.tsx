import { Text } from '@mantine/core';

/** The HTTP status of an error screen, large, above its title. */
export function StatusCode({ code }: { code: number }) {
  return (
    <Text fw={800} fz={48} lh={1} c="brand.7">
      {code}
    </Text>
  );
}
