import { maskName, maskPersonalText, type DeliveryMethod } from '@checkup/api-contract';

/** One report going out by SMS or e-mail. */
export interface ReportDelivery {
  orderId: string;
  method: Extract<DeliveryMethod, 'sms' | 'email'>;
  /** The person it is addressed to. */
  recipient: string;
  /** A mobile number or an e-mail address. */
  destination: string;
  /** The message itself when it is a notice (领取通知, issue 20) rather than the report. */
  text?: string;
}

/**
 * How SMS and e-mail reports leave the centre (issue 8): a hospital plugs in its own gateway; the
 * answer's detail is stored with the delivery row.
 */
export interface ReportTransport {
  send(delivery: ReportDelivery): Promise<{ ok: boolean; detail: string }>;
}

export interface TransportLogger {
  info(record: object, message: string): void;
}

function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** The default: nothing is sent; the delivery is logged with its personal data masked. */
export function loggingReportTransport(log: TransportLogger): ReportTransport {
  return {
    async send(delivery) {
      log.info(
        {
          order_id: delivery.orderId,
          method: delivery.method,
          recipient: maskName(delivery.recipient),
          destination:
            delivery.method === 'email' ? maskEmail(delivery.destination) : maskPersonalText(delivery.destination),
          text_length: delivery.text?.length,
        },
        'report delivery (logging transport, not sent)',
      );
      return { ok: true, detail: '已记录（未配置发送通道，仅记录日志）' };
    },
  };
}
