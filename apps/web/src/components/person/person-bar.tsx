import { Alert, Group, Paper } from '@mantine/core';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import { IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PersonPicker, type PersonPickerProps } from './person-picker.tsx';
import classes from './person-bar.module.css';

export type PersonBarProps = Omit<PersonPickerProps, 'className'> & {
  /** What the page adds beside the picker (a unit, a schedule, an "Add" button). */
  children?: ReactNode;
  /** Said under the bar when the person chosen is only viewed ("Bạn chỉ xem dữ liệu của …"). */
  readOnlyNotice?: string | undefined;
};

/** The bar at the top of a person's page (readings, nutrition, vaccinations): whose data it shows, the picker taking the room left. */
export function PersonBar({ children, readOnlyNotice, ...picker }: PersonBarProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <PersonPicker className={classes.grow} {...picker} />
        {children}
      </Group>
      {readOnlyNotice && (
        <Alert mt="sm" color="blue" variant="light" icon={<IconEye aria-hidden="true" />}>
          {readOnlyNotice}
        </Alert>
      )}
    </Paper>
  );
}
