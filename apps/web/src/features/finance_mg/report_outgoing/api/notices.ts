import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  noticeCancelRoute,
  noticeListRoute,
  noticePhoneRoute,
  noticeSmsRoute,
  noticeTemplatesRoute,
  type RouteInput,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 通知记录 GET /manager/api/report_logistics/notice_list */
export const noticeListQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['report_logistics', 'notices', orderId],
    queryFn: () => api.call(noticeListRoute, { order_id: orderId }),
  });
export const useNotices = (orderId: string | null) =>
  useQuery({ ...noticeListQueryOptions(orderId ?? ''), enabled: orderId !== null });

/** 短信模板 GET /manager/api/report_logistics/notice_templates */
export const useNoticeTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: ['report_logistics', 'notice_templates'],
    queryFn: () => api.call(noticeTemplatesRoute, {}),
    enabled,
  });

const useLogisticsWrite = <I, O>(write: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['report_logistics'] }),
  });
};

/** 电话通知 POST /manager/api/report_logistics/notice_phone */
export const useNoticePhone = () =>
  useLogisticsWrite((input: RouteInput<typeof noticePhoneRoute>) => api.call(noticePhoneRoute, input));

/** 短信通知 POST /manager/api/report_logistics/notice_sms */
export const useNoticeSms = () =>
  useLogisticsWrite((input: RouteInput<typeof noticeSmsRoute>) => api.call(noticeSmsRoute, input));

/** 取消发送 POST /manager/api/report_logistics/notice_cancel */
export const useCancelNotice = () =>
  useLogisticsWrite((input: RouteInput<typeof noticeCancelRoute>) => api.call(noticeCancelRoute, input));
