import { Alert } from 'antd';
import type { BanState } from '@checkup/api-contract';
import { useOrderBan } from './use-order-ban';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '';

/** The banner of a banned visit (禁检) with its reason, who and when; nothing when it is not banned. */
export function BanBannerOf({ ban }: { ban: BanState | undefined }) {
  if (!ban?.banned) return null;
  const by = [ban.banned_by, when(ban.banned_at)].filter(Boolean).join('，');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 8 }}
      title={`该体检者已禁检，原因：${ban.reason ?? ''}（只读）`}
      description={by ? `禁检人：${by}` : undefined}
    />
  );
}

/**
 * Reads the ban itself: a screen adds `<BanBanner orderId=… />` and takes `useOrderBan(orderId)`'s
 * `data?.banned` as a read-only flag (the server refuses the writes in any case).
 */
export function BanBanner({ orderId }: { orderId: string }) {
  const ban = useOrderBan(orderId);
  return <BanBannerOf ban={ban.data} />;
}
