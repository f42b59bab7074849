import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  maskPhone,
  smsCancelRoute,
  smsMessageResource,
  smsPreviewRoute,
  smsSendRoute,
  smsTemplatesRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { addDays, cstTime } from '../../db/demo/dates.js';
import { msgTemplates, smsMessages } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource, type ResourceBinding } from '../../lib/resource/serve-resource.js';
import { wordsMatch } from '../exam-cfg/search.js';
import type { PersonalData } from '../people/personal-data.js';
import { cancelSms, maskedName, previewSms, sendSms } from './sms-service.js';

const timeOf = (
  column: typeof smsMessages.createdAt | typeof smsMessages.scheduledAt | typeof smsMessages.finishedAt,
) => sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** 发送记录: newest first, the phone and the name masked. */
function smsLogBinding(personalData: PersonalData): ResourceBinding<typeof smsMessageResource> {
  return {
    table: smsMessages,
    id: smsMessages.id,
    fields: {
      batch_no: smsMessages.batchNo,
      order_id: smsMessages.orderId,
      recipient_name: smsMessages.recipientName,
      phone: smsMessages.phoneEnc,
      template_name: smsMessages.templateName,
      content: smsMessages.content,
      state: smsMessages.state,
      scheduled_at: timeOf(smsMessages.scheduledAt),
      finished_at: timeOf(smsMessages.finishedAt),
      detail: smsMessages.detail,
      operator_name: smsMessages.operatorName,
      created_at: timeOf(smsMessages.createdAt),
    },
    values: () => ({}),
    where: (filter) => [
      wordsMatch(filter.key, [smsMessages.orderId, smsMessages.templateName, smsMessages.content], []),
      filter.state ? eq(smsMessages.state, filter.state) : undefined,
      filter.date_from ? gte(smsMessages.createdAt, cstTime(filter.date_from, 0)) : undefined,
      filter.date_to ? lt(smsMessages.createdAt, cstTime(addDays(filter.date_to, 1), 0)) : undefined,
    ],
    orderBy: [desc(smsMessages.createdAt), desc(smsMessages.id)],
    toRow: (row) => ({
      ...row,
      phone: maskPhone(personalData.open('sms_messages.phone', row.phone as string)),
      recipient_name: maskedName(row.recipient_name as string | null),
    }),
  };
}

/** 短信管理 (crm/text_message): templates, 预览, 发送 (now or at a time), 取消, and the send log. */
export async function crmSmsRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  const { db, personalData } = opts;
  serveResource(app, db, smsMessageResource, smsLogBinding(personalData));

  defineRoute(app, smsTemplatesRoute, async () => {
    const rows = await db
      .select({ id: msgTemplates.id, template_name: msgTemplates.templateName, content: msgTemplates.content })
      .from(msgTemplates)
      .where(and(eq(msgTemplates.isActive, true), sql`${msgTemplates.channels} ? 'sms'`))
      .orderBy(asc(msgTemplates.templateCode));
    return { list: rows };
  });

  const requestOf = (input: { template_id: number; recipients: unknown; send_at?: string }) => ({
    templateId: input.template_id,
    recipients: input.recipients as Parameters<typeof previewSms>[2]['recipients'],
    sendAt: input.send_at,
  });

  defineRoute(app, smsPreviewRoute, async ({ input }) => previewSms(db, personalData, requestOf(input)));

  defineRoute(app, smsSendRoute, async ({ input, user, request }) =>
    sendSms(db, personalData, requestOf(input), { user, ip: request.ip }),
  );

  defineRoute(app, smsCancelRoute, async ({ input, user, request }) =>
    cancelSms(db, Number(input.id), { user, ip: request.ip }),
  );
}
