import type { ReactNode } from 'react';
import { FieldLabel } from './field-label.tsx';

/**
 * The props of a required input, spread after its form props: the label with spec §5's "Mandatory" tag, the
 * `required` attribute assistive technology reads, and no Mantine asterisk (the tag says it already).
 */
export function requiredField(label: ReactNode) {
  return { label: <FieldLabel required>{label}</FieldLabel>, required: true, withAsterisk: false } as const;
}
