import type { NutritionConclusion } from '@rhc/domain';
import { useTranslation } from '../../../lib/i18n.ts';

/** The conclusion in words, with GLIM's severity when malnourished ("…, nguy cơ cao · Suy dinh dưỡng mức độ nặng"). */
export function useDiagnosisText(): (assessment: { conclusion: NutritionConclusion; glim: { severity?: string | null } }) => string {
  const { t } = useTranslation('nutrition');
  return ({ conclusion, glim }) => {
    const words = t(`conclusions.${conclusion}`);
    return glim.severity ? `${words} · ${t(`glimSeverity.${glim.severity as 'moderate' | 'severe'}`)}` : words;
  };
}
