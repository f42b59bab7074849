import { asc, eq } from 'drizzle-orm';
import type { msgTemplateResource } from '@checkup/api-contract';
import { msgTemplates } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { recordColumnsOf } from './record-columns.js';
import { wordsMatch } from './search.js';

/** 消息通知 on msg_templates (the form checked the variables). */
export const msgTemplateBinding: ResourceBinding<typeof msgTemplateResource> = {
  ...recordColumnsOf(msgTemplates),
  fields: {
    template_code: msgTemplates.templateCode,
    template_name: msgTemplates.templateName,
    scene: msgTemplates.scene,
    content: msgTemplates.content,
    channels: msgTemplates.channels,
    remark: msgTemplates.remark,
  },
  values: (form) => ({
    templateCode: form.template_code,
    templateName: form.template_name,
    scene: form.scene,
    content: form.content,
    channels: form.channels,
    remark: form.remark,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [msgTemplates.templateName], [msgTemplates.templateCode]),
    filter.scene ? eq(msgTemplates.scene, filter.scene) : undefined,
    filter.enabled ? eq(msgTemplates.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(msgTemplates.scene), asc(msgTemplates.id)],
  unique: [{ column: msgTemplates.templateCode, field: 'template_code', label: '模板编码' }],
};
