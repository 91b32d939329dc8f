import { Alert, Group, Radio, Stack } from '@mantine/core';
import '../styles.ts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { FieldLabel } from '../../../components/ui/field-label.tsx';
import { bookingErrorText } from '../../../components/booking/form-section.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { IMAGING_STRINGS } from '../imaging-paths.ts';

type YesNoQuestionsProps<Q extends string> = {
  /** The questions' ids, asked in this order. */
  questions: readonly Q[];
  /** Where each question's words are (`lab-catalog:<group>.<id>`) and its field in the form (`<field>.<id>`). */
  group: 'screening' | 'contrastQuestions';
  field: 'render' | 'contrastAnswers';
  answers: Partial<Record<Q, boolean>>;
  errors: Record<string, unknown>;
  onAnswer: (question: Q, yes: boolean) => void;
};

/**
 * Safety questions, each answered yes or no (none preselected: every one must be answered). A "yes" to any of them tells
 * the person, right below, that the clinic's imaging staff review the booking before confirming it.
 */
export function YesNoQuestions<Q extends string>({ questions, group, field, answers, errors, onAnswer }: YesNoQuestionsProps<Q>) {
  const { t } = useTranslation(IMAGING_STRINGS);
  const anyYes = questions.some((question) => answers[question] === true);
  return (
    <Stack gap="md">
      {questions.map((question) => {
        const answer = answers[question];
        return (
          <Radio.Group
            key={question}
            label={<FieldLabel required>{t(`lab-catalog:${group}.${question}` as never)}</FieldLabel>}
            value={answer === undefined ? null : answer ? 'yes' : 'no'}
            onChange={(value) => onAnswer(question, value === 'yes')}
            error={bookingErrorText(errors[`${field}.${question}`])}
            required
            withAsterisk={false}
          >
            <Group gap="lg" mt={6} data-path={`${field}.${question}`} tabIndex={-1}>
              <Radio value="yes" label={t('form.yes')} />
              <Radio value="no" label={t('form.no')} />
            </Group>
          </Radio.Group>
        );
      })}
      {anyYes && <ReviewNotice />}
    </Stack>
  );
}

/** Said whenever an answer sends the booking to review: it is booked all the same, and staff look at it first. */
export function ReviewNotice() {
  const { t } = useTranslation(IMAGING_STRINGS);
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden="true" />} role="status">
      {t('lab-catalog:imagingReview')}
    </Alert>
  );
}
