import { Container, Stack } from '@mantine/core';
import '../styles.ts';
import { useForm } from '@mantine/form';
import { type AlcoholEstimate, estimateAlcohol } from '@rhc/domain';
import { useState } from 'react';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { focusFirstError, translateInputError } from '../../../lib/forms.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { DrinksStep } from '../components/drinks-step.tsx';
import { ResultStep } from '../components/result-step.tsx';
import classes from '../alcohol.module.css';
import { alcoholErrors, initialValues, inputOf, type AlcoholFormValues } from '../form.ts';
import { PageHeading } from '../../../components/ui/page-heading.tsx';

interface Result {
  estimate: AlcoholEstimate;
  end: number;
  now: number;
}

/** The estimate of the form's values, as of now. */
function resultOf(values: AlcoholFormValues): Result {
  const input = inputOf(values);
  const now = Date.now();
  return { estimate: estimateAlcohol(input, now), end: input.end, now };
}

/**
 * Spec §2 /alcohol-elimination-time/ (public): step 1 the drinks, sessions, end of drinking, sex and weight; step 2 the
 * estimate with the effect level and the penalties. Computed in the browser by @rhc/domain's alcohol rules; nothing is
 * sent or kept, and going back to step 1 keeps every drink.
 */
export function AlcoholPage() {
  const { t } = useTranslation('alcohol');
  usePageTitle(t('pageTitle'));
  const [result, setResult] = useState<Result | null>(null);
  const form = useForm<AlcoholFormValues>({
    mode: 'controlled',
    initialValues: initialValues(new Date()),
    validate: alcoholErrors,
    enhanceGetInputProps: translateInputError,
  });

  const submit = form.onSubmit(
    (values) => {
      setResult(resultOf(values));
      window.scrollTo({ top: 0 });
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        {/* As the booking pages: the server's first frame (decision 029, layout `booking`) draws the same top. */}
        <PageHeading title={t('pageTitle')} intro={t('intro')} />
        {/* The two steps as a list, the current one marked (Mantine's Stepper would add its code to every page's `ui` chunk). */}
        <ol className={classes.steps} aria-label={t('steps.label')}>
          {(['drinks', 'result'] as const).map((step, index) => (
            <li key={step} aria-current={(result ? 1 : 0) === index ? 'step' : undefined}>
              <span aria-hidden="true">{index + 1}</span>
              {t(`steps.${step}`)}
            </li>
          ))}
        </ol>
        {result ? (
          <ResultStep
            estimate={result.estimate}
            end={result.end}
            now={result.now}
            onEdit={() => setResult(null)}
            onStartOver={() => {
              form.setValues(initialValues(new Date()));
              setResult(null);
            }}
          />
        ) : (
          <DrinksStep form={form} onSubmit={submit} />
        )}
      </Stack>
    </Container>
  );
}
