import { Badge, Checkbox, Group, Input, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import '../styles.ts';
import {
  LAB_PACKAGE_IDS,
  LAB_PACKAGES,
  LAB_SAMPLE_TYPES,
  LAB_TEST_IDS,
  LAB_TESTS,
  labNeedsFasting,
  labSamples,
  labTurnaroundHours,
  type LabPackageId,
  type LabTestId,
} from '@rhc/domain';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { fieldErrorText } from '../../../lib/forms.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { LAB_STRINGS } from '../lab-paths.ts';
import { formatVnd } from '../../../lib/format-vnd.ts';
import { testFacts, turnaroundText } from '../lab-words.ts';
import classes from './lab-catalog-picker.module.css';

type LabCatalogPickerProps = {
  packages: readonly LabPackageId[];
  tests: readonly LabTestId[];
  onChange: (choice: { packages: LabPackageId[]; tests: LabTestId[] }) => void;
  error?: unknown;
};

/** Text compared without case or Vietnamese diacritics: "duong huyet" finds "Đường huyết". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/gi, 'd').toLowerCase();
}

/**
 * The catalog (spec §1 "laboratory tests on demand or by package"): the packages, then the single tests grouped by
 * their sample, each with what it holds, its sample, fasting, turnaround and price; a search narrows both by name or
 * description. A test that a chosen package holds says it is not charged again (the domain's labTotalVnd).
 */
export function LabCatalogPicker({ packages, tests, onChange, error }: LabCatalogPickerProps) {
  const { t } = useTranslation(LAB_STRINGS);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const errorId = useId();
  const errorText = fieldErrorText(error);
  const wanted = folded(query.trim());
  const matches = (name: string, description: string) => wanted === '' || folded(`${name} ${description}`).includes(wanted);

  const shownPackages = LAB_PACKAGE_IDS.filter((id) =>
    matches(t(`lab-catalog:packages.${id}.name`), t(`lab-catalog:packages.${id}.description`)),
  );
  const shownTests = LAB_TEST_IDS.filter((id) => matches(t(`lab-catalog:tests.${id}.name`), t(`lab-catalog:tests.${id}.description`)));
  const inChosenPackage = new Set(packages.flatMap((id) => LAB_PACKAGES[id].tests));

  const togglePackage = (id: LabPackageId, on: boolean) =>
    onChange({
      packages: on ? LAB_PACKAGE_IDS.filter((p) => p === id || packages.includes(p)) : packages.filter((p) => p !== id),
      tests: [...tests],
    });
  const toggleTest = (id: LabTestId, on: boolean) =>
    onChange({
      packages: [...packages],
      tests: on ? LAB_TEST_IDS.filter((x) => x === id || tests.includes(x)) : tests.filter((x) => x !== id),
    });
  // The first box shown carries the field's path: a refused submit brings the focus (and the eye) here.
  const firstShown: string | undefined =
    shownPackages[0] ?? LAB_SAMPLE_TYPES.flatMap((sample) => shownTests.filter((id) => LAB_TESTS[id].sample === sample))[0];
  const pathProps = (id: string) =>
    id === firstShown ? { 'data-path': 'requestTestItems', 'aria-describedby': errorText ? errorId : undefined } : {};

  return (
    <Input.Wrapper
      label={<FieldLabel required>{t('form.itemsSection')}</FieldLabel>}
      labelElement="div"
      description={t('form.itemsHint')}
      error={errorText}
      errorProps={{ id: errorId }}
    >
      <Stack gap="md" mt="xs">
        <TextInput
          id={searchId}
          type="search"
          label={t('form.search')}
          placeholder={t('form.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {shownPackages.length === 0 && shownTests.length === 0 && (
          <Text size="sm" c="dimmed" role="status">
            {t('form.noMatch', { query: query.trim() })}
          </Text>
        )}
        {shownPackages.length > 0 && (
          <CatalogGroup title={t('form.packages')} chosen={packages.length} startsOpen searching={wanted !== ''}>
            {shownPackages.map((id) => {
              const selection = { packages: [id], tests: [] };
              const facts = [
                t('form.sample', {
                  sample: labSamples(selection)
                    .map((sample) => t(`lab-catalog:samples.${sample}`))
                    .join(', '),
                }),
                labNeedsFasting(selection) ? t('form.fasting') : t('form.noFasting'),
                t('form.turnaround', { time: turnaroundText(t, labTurnaroundHours(selection)) }),
              ].join(' · ');
              return (
                <CatalogBox
                  key={id}
                  checked={packages.includes(id)}
                  onChange={(on) => togglePackage(id, on)}
                  name={t(`lab-catalog:packages.${id}.name`)}
                  price={LAB_PACKAGES[id].priceVnd}
                  description={
                    <>
                      {t(`lab-catalog:packages.${id}.description`)}
                      <br />
                      {t('form.contains', { tests: LAB_PACKAGES[id].tests.map((test) => t(`lab-catalog:tests.${test}.name`)).join(', ') })}
                      <br />
                      {facts}
                    </>
                  }
                  inputProps={pathProps(id)}
                />
              );
            })}
          </CatalogGroup>
        )}
        {LAB_SAMPLE_TYPES.map((sample) => {
          const ofSample = shownTests.filter((id) => LAB_TESTS[id].sample === sample);
          if (ofSample.length === 0) return null;
          return (
            <CatalogGroup
              key={sample}
              title={t('form.sampleGroup', { sample: t(`lab-catalog:samples.${sample}`).toLowerCase() })}
              chosen={ofSample.filter((id) => tests.includes(id)).length}
              searching={wanted !== ''}
            >
              {ofSample.map((id) => (
                <CatalogBox
                  key={id}
                  checked={tests.includes(id)}
                  onChange={(on) => toggleTest(id, on)}
                  name={t(`lab-catalog:tests.${id}.name`)}
                  price={LAB_TESTS[id].priceVnd}
                  badge={inChosenPackage.has(id) ? t('form.inPackage') : undefined}
                  description={
                    <>
                      {t(`lab-catalog:tests.${id}.description`)}
                      <br />
                      {testFacts(t, id)}
                    </>
                  }
                  inputProps={pathProps(id)}
                />
              ))}
            </CatalogGroup>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * A titled group of boxes (the packages, the blood tests…) that folds, so a phone does not scroll past 29 descriptions:
 * open from the start when `startsOpen` (the packages, the usual choice) or when one of it is chosen, and while a search
 * narrows the catalog; its summary says how many of it are chosen. The boxes are a group named by the title.
 */
function CatalogGroup({
  title,
  chosen,
  startsOpen = false,
  searching,
  children,
}: {
  title: string;
  chosen: number;
  startsOpen?: boolean;
  searching: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(LAB_STRINGS);
  const id = useId();
  const [open, setOpen] = useState(() => startsOpen || chosen > 0);
  const shown = open || searching;
  return (
    <details className={classes.group} open={shown} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={classes.summary}>
        <Text component="span" fw={700} id={id}>
          {title}
        </Text>
        {chosen > 0 && (
          <Badge variant="light" color="teal" radius="sm" className={classes.count}>
            {t('form.chosenCount', { count: chosen })}
          </Badge>
        )}
        <IconChevronDown size={18} aria-hidden="true" className={classes.chevron} />
      </summary>
      <div className={classes.content}>
        <SimpleGrid role="group" aria-labelledby={id} cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="sm">
          {children}
        </SimpleGrid>
      </div>
    </details>
  );
}

/** One test or package to tick: its name and price, what it is and its facts beneath. */
function CatalogBox({
  checked,
  onChange,
  name,
  price,
  description,
  badge,
  inputProps,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  name: string;
  price: number;
  description: ReactNode;
  badge?: string;
  inputProps: Record<string, unknown>;
}) {
  return (
    <Checkbox
      {...inputProps}
      // 24 px: a touch target that needs no spacing from its neighbours (WCAG 2.5.8, axe target-size).
      size="md"
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text component="span" fw={500} size="sm">
            {name}
          </Text>
          <Text component="span" fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatVnd(price)}
          </Text>
        </Group>
      }
      description={
        <>
          {description}
          {badge && (
            <Badge component="span" display="block" mt={4} variant="light" color="teal" radius="sm" style={{ textTransform: 'none' }}>
              {badge}
            </Badge>
          )}
        </>
      }
      styles={{ body: { width: '100%' }, labelWrapper: { width: '100%' } }}
    />
  );
}
