import { useMutation } from '@tanstack/react-query';
import { reportShareOpenRoute, reportSharePdfRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** 打开报告分享 POST /manager/api/report_share/open */
export const openShare = (token: string, code: string) => api.call(reportShareOpenRoute, { token, code });

export const useOpenShare = () =>
  useMutation({ mutationFn: ({ token, code }: { token: string; code: string }) => openShare(token, code) });

/** 分享报告PDF GET /manager/api/report_share/pdf: a plain link, so a phone's browser saves or shows it itself. */
export const sharePdfUrl = (ticket: string) => `${reportSharePdfRoute.path}?ticket=${encodeURIComponent(ticket)}`;
