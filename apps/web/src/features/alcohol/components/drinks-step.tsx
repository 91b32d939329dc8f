import { ActionIcon, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import '../styles.ts';
import type { UseFormReturnType } from '@mantine/form';
import { DRINK_KINDS, DRINK_PRESETS, DRINKS_PER_SESSION_MAX, gramsOfAlcohol, SESSIONS_MAX, type DrinkKind } from '@rhc/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { formatNumber } from '../../../lib/format-number.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { CUSTOM_SERVING, drinkOf, sessionAt, type AlcoholFormValues, type DrinkValues } from '../form.ts';
import { requiredField } from '../../../components/ui/required-field.tsx';

type Form = UseFormReturnType<AlcoholFormValues>;

/** Step 1 of spec §2: the sessions with their drinks, when drinking ended, sex and weight. */
export function DrinksStep({ form, onSubmit }: { form: Form; onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void }) {
  const { t, i18n } = useTranslation('alcohol');
  const decimal = i18n.language === 'vi' ? (',' as const) : ('.' as const);
  const sessions = form.values.sessions;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('session.hint')}
        </Text>
        {sessions.map((session, s) => (
          <Paper
            key={session.key}
            withBorder
            radius="lg"
            p={{ base: 'sm', sm: 'md' }}
            component="fieldset"
            aria-labelledby={`${session.key}-title`}
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Title order={2} size="h4" id={`${session.key}-title`}>
                  {t('session.title', { number: s + 1 })}
                </Title>
                {sessions.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('session.remove', { number: s + 1 })}
                    onClick={() => form.removeListItem('sessions', s)}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <DayInput {...form.getInputProps(`sessions.${s}.day`)} {...requiredField(t('session.startDay'))} />
                <TextInput {...form.getInputProps(`sessions.${s}.time`)} type="time" {...requiredField(t('session.startTime'))} />
              </SimpleGrid>
              {session.drinks.map((drink, d) => (
                <DrinkRow
                  key={drink.key}
                  form={form}
                  path={`sessions.${s}.drinks.${d}`}
                  drink={drink}
                  decimal={decimal}
                  onRemove={session.drinks.length > 1 ? () => form.removeListItem(`sessions.${s}.drinks`, d) : undefined}
                />
              ))}
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} aria-hidden="true" />}
                  disabled={session.drinks.length >= DRINKS_PER_SESSION_MAX}
                  onClick={() => form.insertListItem(`sessions.${s}.drinks`, drinkOf('beer'))}
                >
                  {t('drink.add')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            disabled={sessions.length >= SESSIONS_MAX}
            onClick={() => form.insertListItem('sessions', { ...sessionAt(new Date()), drinks: [drinkOf('beer')] })}
          >
            {t('session.add')}
          </Button>
        </Group>

        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('end.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DayInput {...form.getInputProps('endDay')} {...requiredField(t('end.day'))} />
              <TextInput {...form.getInputProps('endTime')} type="time" {...requiredField(t('end.time'))} />
            </SimpleGrid>
            <Title order={2} size="h4" mt="sm" id="alcohol-person">
              {t('person.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="alcohol-sex">
                  {t('person.sex')}
                </Text>
                <SegmentedChoice
                  aria-labelledby="alcohol-sex"
                  data={[
                    { value: 'male', label: t('person.male') },
                    { value: 'female', label: t('person.female') },
                  ]}
                  value={form.values.sex}
                  onChange={(sex) => form.setFieldValue('sex', sex)}
                />
              </Stack>
              <NumberField
                {...form.getInputProps('weightKg')}
                {...requiredField(t('person.weight'))}
                min={0}
                decimalScale={1}
                decimalSeparator={decimal}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" size="md">
            {t('calculate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One drink of a session: its kind and serving (which fill strength and volume), strength, volume and how many. */
function DrinkRow({
  form,
  path,
  drink,
  decimal,
  onRemove,
}: {
  form: Form;
  path: string;
  drink: DrinkValues;
  decimal: ',' | '.';
  /** Absent for a session's only drink. */
  onRemove: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation('alcohol');
  const preset = DRINK_PRESETS[drink.kind];
  const name = t(`drinks.${drink.kind}`);
  const grams =
    typeof drink.abv === 'number' && typeof drink.volumeMl === 'number' && typeof drink.count === 'number'
      ? drink.count * gramsOfAlcohol(drink.volumeMl, drink.abv)
      : null;

  return (
    <Paper bg="gray.0" radius="md" p="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" verticalSpacing="xs">
        <NativeSelect
          label={t('drink.kind')}
          value={drink.kind}
          data={DRINK_KINDS.map((kind) => ({ value: kind, label: t(`drinks.${kind}`) }))}
          onChange={(event) => {
            const next = drinkOf(event.currentTarget.value as DrinkKind);
            form.setFieldValue(path, { ...next, key: drink.key, count: drink.count });
          }}
        />
        <NativeSelect
          label={t('drink.serving')}
          value={drink.serving}
          data={[
            ...preset.servings.map((serving) => ({ value: serving.kind, label: t(`servings.${serving.kind}`, { ml: serving.ml }) })),
            { value: CUSTOM_SERVING, label: t('drink.customServing') },
          ]}
          onChange={(event) => {
            const serving = preset.servings.find((item) => item.kind === event.currentTarget.value);
            form.setFieldValue(`${path}.serving`, event.currentTarget.value);
            if (serving) form.setFieldValue(`${path}.volumeMl`, serving.ml);
          }}
        />
        <NumberField
          {...form.getInputProps(`${path}.abv`)}
          label={t('drink.abv')}
          min={0}
          max={100}
          decimalScale={1}
          decimalSeparator={decimal}
        />
        <NumberField
          {...form.getInputProps(`${path}.volumeMl`)}
          onChange={(value) => {
            form.setFieldValue(`${path}.volumeMl`, value);
            form.setFieldValue(`${path}.serving`, CUSTOM_SERVING);
          }}
          label={t('drink.volume')}
          min={0}
          max={10_000}
          allowDecimal={false}
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NumberField
            {...form.getInputProps(`${path}.count`)}
            label={t('drink.count')}
            min={0}
            max={50}
            allowDecimal={false}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={t('drink.remove', { name })}
            disabled={!onRemove}
            onClick={onRemove}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </SimpleGrid>
      {grams !== null && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('drink.grams', { grams: formatNumber(i18n.language, grams) })}
        </Text>
      )}
    </Paper>
  );
}
