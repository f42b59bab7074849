import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParameterRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** Spec §3: parameter 0030 holds the ai_review config. */
export const AI_REVIEW_PARAM = '0030';

/** Whether the AI correction reminder is on ({ ai_review: { enable: true } }); a missing or odd value means off. */
export function aiReviewEnabled(value: unknown): boolean {
  const config = (value as { ai_review?: unknown } | null)?.ai_review;
  return typeof config === 'object' && config !== null && (config as { enable?: unknown }).enable === true;
}

/** 获取参数 GET /manager/api/Commonconfig/get_parameter (param_code 0030) */
export const getAiReviewEnabled = async () =>
  aiReviewEnabled((await api.call(getParameterRoute, { param_code: AI_REVIEW_PARAM })).param_value);

export const aiReviewQueryOptions = queryOptions({
  queryKey: ['parameter', AI_REVIEW_PARAM],
  queryFn: getAiReviewEnabled,
  staleTime: 5 * 60_000,
});

export const useAiReviewEnabled = () => useQuery(aiReviewQueryOptions);
