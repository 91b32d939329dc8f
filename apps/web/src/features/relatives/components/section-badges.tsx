import { Badge, Group, Text } from '@mantine/core';
import '../styles.ts';
import type { GrantedSection } from '@rhc/domain';
import { useTranslation } from '../../../lib/i18n.ts';

/** The sections of a grant as badges ("All" when it covers every section, now and later). */
export function SectionBadges({ sections }: { sections: readonly string[] }) {
  const { t } = useTranslation('relatives');
  if (sections.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('sectionPicker.none')}
      </Text>
    );
  return (
    <Group gap={6} aria-label={t('sectionPicker.label')} role="list">
      {sections.map((section) => (
        <Badge key={section} variant="light" radius="sm" role="listitem" tt="none">
          {t(`sections.${section as GrantedSection}`)}
        </Badge>
      ))}
    </Group>
  );
}
