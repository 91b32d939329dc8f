import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addsReview,
  checkImagingAnswers,
  CONTRAST_QUESTIONS,
  MRI_SCREENING_QUESTIONS,
  type MriScreeningQuestion,
} from './imaging-orders.ts';

const allNo = Object.fromEntries(MRI_SCREENING_QUESTIONS.map((question) => [question, false])) as Record<MriScreeningQuestion, boolean>;
const contrastNo = { kidney_disease: false, contrast_allergy: false, metformin: false };

describe('checkImagingAnswers', () => {
  it('books an X-ray or ultrasound without questions', () => {
    expect(checkImagingAnswers({ type: 'XRAY', contrast: false })).toEqual({ ok: true, review: [], fasting: false });
    expect(checkImagingAnswers({ type: 'ULTRASOUND', contrast: false })).toEqual({ ok: true, review: [], fasting: false });
  });

  it('refuses contrast where the modality is not done with it', () => {
    expect(checkImagingAnswers({ type: 'XRAY', contrast: true, contrastAnswers: contrastNo })).toEqual({
      ok: false,
      reason: 'contrast_not_offered',
    });
  });

  it('needs every MRI screening answer, and every contrast answer with contrast', () => {
    expect(checkImagingAnswers({ type: 'MRI', contrast: false, screening: { pacemaker: false } })).toMatchObject({
      ok: false,
      reason: 'unanswered',
      questions: MRI_SCREENING_QUESTIONS.filter((question) => question !== 'pacemaker').map((question) => `screening.${question}`),
    });
    expect(checkImagingAnswers({ type: 'CT', contrast: true, contrastAnswers: { metformin: false } })).toMatchObject({
      reason: 'unanswered',
      questions: ['contrastQuestions.kidney_disease', 'contrastQuestions.contrast_allergy'],
    });
  });

  it('sends an MRI with a "yes" to review, and says which', () => {
    expect(checkImagingAnswers({ type: 'MRI', contrast: false, screening: { ...allNo, pacemaker: true, claustrophobia: true } })).toEqual({
      ok: true,
      review: ['screening.pacemaker', 'screening.claustrophobia'],
      fasting: false,
    });
    expect(checkImagingAnswers({ type: 'MRI', contrast: false, screening: allNo })).toEqual({ ok: true, review: [], fasting: false });
  });

  it('sends contrast with kidney disease, an allergy or metformin to review, and asks for fasting', () => {
    expect(
      checkImagingAnswers({ type: 'MRI', contrast: true, screening: allNo, contrastAnswers: { ...contrastNo, metformin: true } }),
    ).toEqual({ ok: true, review: ['contrastQuestions.metformin'], fasting: true });
    expect(checkImagingAnswers({ type: 'CT', contrast: true, contrastAnswers: contrastNo })).toEqual({
      ok: true,
      review: [],
      fasting: true,
    });
  });

  it.each(['vi', 'en', 'zh'])('has every question and the contrast fasting in %s', (language) => {
    const texts = JSON.parse(readFileSync(new URL(`../../i18n/locales/${language}/lab-catalog.json`, import.meta.url), 'utf8')) as {
      screening: Record<string, string>;
      contrastQuestions: Record<string, string>;
      preparation: Record<string, string>;
    };
    expect(MRI_SCREENING_QUESTIONS.filter((question) => !texts.screening[question]?.trim())).toEqual([]);
    expect(CONTRAST_QUESTIONS.filter((question) => !texts.contrastQuestions[question]?.trim())).toEqual([]);
    expect(texts.preparation.contrast_fasting).toMatch(/4/);
  });
});

describe('addsReview', () => {
  it('asks for a new review only when a "yes" appears that was not there', () => {
    expect(addsReview([], ['screening.pacemaker'])).toBe(true);
    expect(addsReview(['screening.pacemaker'], ['screening.pacemaker', 'contrastQuestions.metformin'])).toBe(true);
    expect(addsReview(['screening.pacemaker'], ['screening.pacemaker'])).toBe(false);
    expect(addsReview(['screening.pacemaker', 'contrastQuestions.metformin'], ['screening.pacemaker'])).toBe(false);
    expect(addsReview([], [])).toBe(false);
  });
});
