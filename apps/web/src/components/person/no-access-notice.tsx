import { Alert, Anchor, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

/**
 * A person's data the server did not let me read (404: not shared with me, spec §9 "no permission"): what is missing,
 * and a link to ask for it on the person's page, where the request dialog is (spec §2 "request access").
 */
export function NoAccessNotice({ personId, title, text, request }: { personId: string; title: string; text: string; request: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock aria-hidden="true" />} title={title} data-testid="no-access">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Anchor component={Link} to={`${paths.patientInformation}?id=${encodeURIComponent(personId)}`} size="sm" fw={600}>
          {request}
        </Anchor>
      </Stack>
    </Alert>
  );
}
