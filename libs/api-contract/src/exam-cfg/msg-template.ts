import { z } from 'zod';
import { optionalChoiceField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { choiceField, codeField, enabledFilter, optionalTextField, textField } from '../resource/form-fields.js';
import { choiceListField } from './choice-list-field.js';

/** When a message is sent (breadth §6.7, §2.10). */
export const MSG_SCENES = ['report_ready', 'recheck', 'critical', 'appointment'] as const;
export const MSG_SCENE_LABELS: Record<(typeof MSG_SCENES)[number], string> = {
  report_ready: '报告完成',
  recheck: '复查提醒',
  critical: '危急值',
  appointment: '预约提醒',
};

/** How it is sent (发送方式, md_notificationmethod). */
export const MSG_CHANNELS = ['sms', 'wechat', 'app'] as const;
export const MSG_CHANNEL_LABELS: Record<(typeof MSG_CHANNELS)[number], string> = {
  sms: '短信',
  wechat: '微信公众号',
  app: '站内通知',
};

/** The variables a template may hold, each with the sample value its preview shows. */
export const MSG_VARIABLES = {
  姓名: '张三',
  性别: '男',
  体检号: 'TJ202611250001',
  体检日期: '2026-11-25',
  预约日期: '2026-12-01',
  单位名称: '示范科技有限公司',
  套餐名称: '入职体检套餐',
  危急值内容: '血钾 6.8 mmol/L',
  中心电话: '0571-88888888',
} as const satisfies Record<string, string>;
const VARIABLE = /\{([^{}]*)\}/g;
const ALLOWED = Object.keys(MSG_VARIABLES)
  .map((name) => `{${name}}`)
  .join('、');

/** The variables of a template that are not known, each once. */
export function unknownVariables(content: string): string[] {
  const names = [...content.matchAll(VARIABLE)].map((m) => m[1]!);
  return [...new Set(names.filter((name) => !(name in MSG_VARIABLES)))];
}

/** The text a template gives with these values (the preview uses MSG_VARIABLES' samples). */
export function renderMessage(content: string, values: Readonly<Record<string, string>> = MSG_VARIABLES): string {
  return content.replace(VARIABLE, (whole, name: string) => values[name] ?? whole);
}

const contentField = z
  .string({ error: '请填写消息内容' })
  .trim()
  .min(1, '请填写消息内容')
  .max(500, '消息内容不能超过500个字')
  .superRefine((content, ctx) => {
    const unknown = unknownVariables(content);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `不认识的变量${unknown.map((n) => `{${n}}`).join('')}，可用的变量：${ALLOWED}`,
      });
    }
  });

/** 消息通知 (exam_cfg/msg_notification): SMS and notice templates per scene, with their channels. */
export const msgTemplateResource = defineResource({
  name: 'msg_template',
  title: '消息模板',
  base: '/manager/api/examcfg/msg_template',
  screens: ['exam_cfg/msg_notification'],
  row: z.object({
    template_code: z.string(),
    template_name: z.string(),
    scene: z.enum(MSG_SCENES),
    content: z.string(),
    channels: z.array(z.enum(MSG_CHANNELS)),
    remark: z.string().nullable(),
  }),
  form: z.object({
    template_code: codeField('模板编码'),
    template_name: textField('模板名称', 64),
    scene: choiceField(MSG_SCENES, '使用场景'),
    content: contentField,
    channels: choiceListField(MSG_CHANNELS, MSG_CHANNEL_LABELS, '发送方式'),
    remark: optionalTextField('备注', 200),
  }),
  filter: z.object({
    key: searchKeyField(),
    scene: optionalChoiceField(MSG_SCENES, '使用场景不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable', 'export', 'import'],
  excel: [
    { key: 'template_code', title: '模板编码' },
    { key: 'template_name', title: '模板名称' },
    { key: 'scene', title: '使用场景', labels: MSG_SCENE_LABELS },
    { key: 'content', title: '消息内容' },
    { key: 'channels', title: '发送方式' },
    { key: 'remark', title: '备注' },
  ],
});
