import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  companySearchDataRoute,
  smsCancelRoute,
  smsMessageResource,
  smsPreviewRoute,
  smsSendRoute,
  smsTemplatesRoute,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** What the send form posts: the template, the recipients as JSON text, and the time when 定时发送. */
export interface SmsSendForm {
  template_id: number;
  recipients: string;
  send_at?: string;
}

/** 可用短信模板 GET /manager/api/crm/sms/templates */
export const useSmsTemplates = () =>
  useQuery({ queryKey: ['crm', 'sms', 'templates'], queryFn: () => api.call(smsTemplatesRoute, {}) });

/** 单位查询数据 (every company, with its groups) for the 按条件筛选 recipients. */
export const useSmsCompanies = (enabled: boolean) =>
  useQuery({
    queryKey: ['company', 'search_data', 'all'],
    queryFn: () => api.call(companySearchDataRoute, {}),
    staleTime: 5 * 60_000,
    enabled,
  });

/** 预览, 发送 and 取消; the last two read the log again once done. */
export function useSmsActions() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: ['resource', smsMessageResource.spec.name] });
  return {
    preview: useMutation({
      mutationFn: (form: SmsSendForm) =>
        api.call(smsPreviewRoute, { template_id: form.template_id, recipients: form.recipients }),
    }),
    send: useMutation({ mutationFn: (form: SmsSendForm) => api.call(smsSendRoute, form), onSuccess: settled }),
    cancel: useMutation({ mutationFn: (id: number) => api.call(smsCancelRoute, { id }), onSuccess: settled }),
  };
}
