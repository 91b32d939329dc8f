import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.layer.css';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * A field's label with spec §5's "Mandatory" tag when the field is required. The tag is for the eye;
 * assistive technology hears "required" from the input's own `required` attribute.
 */
export function FieldLabel({ children, required = false }: { children: ReactNode; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {children}
      {required && (
        <Badge
          component="span"
          aria-hidden="true"
          size="xs"
          variant="light"
          color="red"
          ml={8}
          radius="sm"
          tt="none"
          style={{ verticalAlign: 'middle' }}
        >
          {t('form.mandatory')}
        </Badge>
      )}
    </>
  );
}
