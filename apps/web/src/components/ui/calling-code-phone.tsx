import { Group, TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import type { ReactNode } from 'react';
import { CALLING_CODES, countryOf } from '../../config/calling-codes.ts';
import { Select } from './select.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * A phone with its country calling code, side by side: the code field shows the code only (it fits beside the phone on a
 * 390 px screen), its list names each country in the reader's language. The props of each field come from the form.
 */
export function CallingCodePhone({
  codeProps,
  phoneProps,
  codeLabel,
  phoneLabel,
}: {
  codeProps: Partial<SelectProps>;
  /** `data-autofocus`: the field a dialog focuses first. */
  phoneProps: Partial<TextInputProps> & { 'data-autofocus'?: boolean };
  codeLabel: ReactNode;
  phoneLabel: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        {...codeProps}
        label={codeLabel}
        data={CALLING_CODES.map(({ code }) => ({ value: code, label: code }))}
        renderOption={({ option }) => {
          const country = countryOf(option.value);
          return country ? `${option.value} ${t(`countries.${country}`)}` : option.value;
        }}
        allowDeselect={false}
        comboboxProps={{ width: 220, position: 'bottom-start' }}
        w={104}
        style={{ flexShrink: 0 }}
      />
      <TextInput
        {...phoneProps}
        label={phoneLabel}
        required
        withAsterisk={false}
        type="tel"
        inputMode="tel"
        style={{ flex: 1, minWidth: 0 }}
      />
    </Group>
  );
}
