import { queryOptions, useQuery } from '@tanstack/react-query';
import { tallySheetRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 报告核对单 GET /manager/api/examreview/tally_sheet */
export const getTallySheet = (orderId: string) => api.call(tallySheetRoute, { order_id: orderId });

export const tallySheetQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['order', orderId, 'tally_sheet'], queryFn: () => getTallySheet(orderId), retry: false });

export const useTallySheet = (orderId: string) => useQuery({ ...tallySheetQueryOptions(orderId), enabled: !!orderId });
