import { z } from 'zod';
import { idField, optionalChoiceField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { enabledFilter, optionalTextField } from '../resource/form-fields.js';
import { route } from '../route.js';

/**
 * HIS同步 (exam_cfg/his_sync, breadth §6.11): the log of messages exchanged with a HIS, and the queue of
 * registration changes to send to it again. The interface itself comes in a later issue; until a HIS
 * is configured (parameter 0130) both screens say so.
 */
export const HIS_MSG_STATUSES = ['normal', 'refused', 'error'] as const;
export const HIS_MSG_STATUS_LABELS: Record<(typeof HIS_MSG_STATUSES)[number], string> = {
  normal: '正常',
  refused: '拒绝',
  error: '错误',
};
export const HIS_DIRECTIONS = ['out', 'in'] as const;
export const HIS_DIRECTION_LABELS: Record<(typeof HIS_DIRECTIONS)[number], string> = { out: '发送', in: '接收' };
export const HIS_CALL_MODES = ['webservice', 'mq', 'socket', 'http'] as const;
export const HIS_CALL_MODE_LABELS: Record<(typeof HIS_CALL_MODES)[number], string> = {
  webservice: 'WebService',
  mq: 'MQ',
  socket: 'Socket',
  http: 'HTTP',
};

/** A read-only log: rows come from the interface, never from a form. */
const noForm = z.object({});

export const hisMessageResource = defineResource({
  name: 'his_message',
  title: 'HIS消息',
  base: '/manager/api/examcfg/his_message',
  screens: ['exam_cfg/his_sync/his_msg'],
  // 系统设置's 接口错误日志 reads the same log (breadth §7).
  readers: ['cfg/interface_error_log'],
  row: z.object({
    interface_name: z.string(),
    exam_no: z.string().nullable(),
    msg_type: z.string(),
    status: z.enum(HIS_MSG_STATUSES),
    direction: z.enum(HIS_DIRECTIONS),
    call_mode: z.enum(HIS_CALL_MODES),
    request_text: z.string().nullable(),
    response_text: z.string().nullable(),
    sent_at: z.string(),
  }),
  form: noForm,
  filter: z.object({
    key: searchKeyField(),
    status: optionalChoiceField(HIS_MSG_STATUSES, '消息状态不正确'),
    direction: optionalChoiceField(HIS_DIRECTIONS, '消息方向不正确'),
    call_mode: optionalChoiceField(HIS_CALL_MODES, '调用方式不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'export'],
  excel: [
    { key: 'sent_at', title: '时间' },
    { key: 'interface_name', title: '接口名称' },
    { key: 'exam_no', title: '体检号' },
    { key: 'msg_type', title: '消息类型' },
    { key: 'status', title: '状态', labels: HIS_MSG_STATUS_LABELS },
    { key: 'direction', title: '方向', labels: HIS_DIRECTION_LABELS },
    { key: 'call_mode', title: '调用方式', labels: HIS_CALL_MODE_LABELS },
  ],
});

export const HIS_CHANGE_TYPES = ['add', 'refund', 'reregister'] as const;
export const HIS_CHANGE_TYPE_LABELS: Record<(typeof HIS_CHANGE_TYPES)[number], string> = {
  add: '加项',
  refund: '退项',
  reregister: '重新登记',
};
/** pending 待处理; resend 待重发 (the interface sends it when there is one); handled and ignored are done. */
export const HIS_CHANGE_STATES = ['pending', 'resend', 'handled', 'ignored'] as const;
export type HisChangeState = (typeof HIS_CHANGE_STATES)[number];
export const HIS_CHANGE_STATE_LABELS: Record<HisChangeState, string> = {
  pending: '待处理',
  resend: '待重发',
  handled: '已处理',
  ignored: '已忽略',
};

export const hisChangeResource = defineResource({
  name: 'his_change',
  title: 'HIS变更',
  base: '/manager/api/examcfg/his_change',
  screens: ['exam_cfg/his_sync/his_change_handling'],
  row: z.object({
    exam_no: z.string(),
    customer_name: z.string().nullable(),
    change_type: z.enum(HIS_CHANGE_TYPES),
    content: z.string(),
    state: z.enum(HIS_CHANGE_STATES),
    note: z.string().nullable(),
    created_at: z.string(),
  }),
  form: noForm,
  filter: z.object({
    key: searchKeyField(),
    change_type: optionalChoiceField(HIS_CHANGE_TYPES, '变更类型不正确'),
    state: optionalChoiceField(HIS_CHANGE_STATES, '处理状态不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'export'],
  excel: [
    { key: 'created_at', title: '时间' },
    { key: 'exam_no', title: '体检号' },
    { key: 'customer_name', title: '姓名' },
    { key: 'change_type', title: '变更类型', labels: HIS_CHANGE_TYPE_LABELS },
    { key: 'content', title: '变更内容' },
    { key: 'state', title: '处理状态', labels: HIS_CHANGE_STATE_LABELS },
    { key: 'note', title: '备注' },
  ],
});

export const HIS_CHANGE_ACTIONS = ['handle', 'resend', 'ignore'] as const;
export const HIS_CHANGE_ACTION_LABELS: Record<(typeof HIS_CHANGE_ACTIONS)[number], string> = {
  handle: '处理',
  resend: '重发',
  ignore: '忽略',
};

/** 处理 (done by hand in the HIS), 重发 (queued for the interface) or 忽略 a change; audited. */
export const hisChangeHandleRoute = route({
  method: 'POST',
  path: '/manager/api/examcfg/his_change/handle',
  summary: '处理、重发或忽略HIS变更',
  access: ['exam_cfg/his_sync/his_change_handling'],
  input: z.object({
    id: idField('HIS变更'),
    version: z.coerce.number({ error: '版本号格式不正确' }).int('版本号格式不正确').min(1, '版本号格式不正确'),
    action: z.enum(HIS_CHANGE_ACTIONS, { error: '请选择处理方式' }),
    note: optionalTextField('备注', 200),
  }),
  output: hisChangeResource.routes.detail.output,
});

/** Whether a HIS interface is configured; the HIS screens say plainly when it is not. */
export const hisStatusRoute = route({
  method: 'GET',
  path: '/manager/api/examcfg/his/status',
  summary: 'HIS接口配置状态',
  access: ['exam_cfg/his_sync/his_msg', 'exam_cfg/his_sync/his_change_handling'],
  input: z.object({}),
  output: z.object({ configured: z.boolean(), interface_name: z.string().nullable() }),
});

/** Parameter 0130 HIS接口: set when a HIS is connected (its editor comes with the interface). */
export const hisParamSchema = z.object({
  enabled: z.boolean(),
  interface_name: z.string(),
  endpoint: z.string(),
});
export const HIS_NOT_CONFIGURED =
  '未配置HIS接口：体检系统尚未与医院HIS对接，此处暂无消息往来；对接后消息与变更会显示在这里。';
