import { z } from 'zod';
import { idField, optionalChoiceField, searchKeyField } from './field-schemas.js';
import { defineResource } from './resource/define-resource.js';
import { choiceField, enabledFilter, noteField, textField } from './resource/form-fields.js';
import { route } from './route.js';
import { routeOfMenuKey } from './route-table/route-table.js';
import { uploadBodyLimit, type UploadRule } from './uploads.js';

/**
 * 功能介绍 (cfg/system_function_introduction, breadth §7): a help document per screen, opened from the
 * FunctionHelpIcon of the screen's page header (spec §5) with the screen's menu key as unique_key.
 * A document is an uploaded PDF, or plain text shown as text (never as HTML).
 */
export const FUNCTION_INTRO_TYPES = ['pdf', 'text'] as const;
export type FunctionIntroType = (typeof FUNCTION_INTRO_TYPES)[number];
export const FUNCTION_INTRO_TYPE_LABELS: Record<FunctionIntroType, string> = { pdf: 'PDF文档', text: '文字说明' };

/** What a help PDF may be. */
export const FUNCTION_INTRO_PDF_RULE: UploadRule = {
  maxBytes: 20 * 1024 * 1024,
  types: ['application/pdf'],
  typesLabel: 'PDF 文件',
};

/** A screen of the route table (not a menu group), by its menu key. */
const screenKeyField = z
  .string({ error: '请选择所属页面' })
  .trim()
  .min(1, '请选择所属页面')
  .refine((key) => {
    const r = routeOfMenuKey(key);
    return r !== undefined && !r.isGroup;
  }, '所选页面不存在');

export const functionIntroResource = defineResource({
  name: 'function_intro',
  title: '功能说明',
  base: '/manager/api/cfg/function_intro',
  screens: ['cfg/system_function_introduction'],
  row: z.object({
    doc_name: z.string(),
    unique_key: z.string(),
    /** The screen's title in the route table. */
    screen_title: z.string().nullable(),
    doc_type: z.enum(FUNCTION_INTRO_TYPES),
    content: z.string().nullable(),
    file_id: z.number().int().nullable(),
    file_name: z.string().nullable(),
  }),
  form: z
    .object({
      doc_name: textField('文档名称', 64),
      unique_key: screenKeyField,
      doc_type: choiceField(FUNCTION_INTRO_TYPES, '文档类型'),
      content: noteField('说明内容', 20_000),
    })
    .refine((form) => form.doc_type !== 'text' || form.content !== null, {
      message: '请填写说明内容',
      path: ['content'],
    }),
  filter: z.object({
    key: searchKeyField(64),
    doc_type: optionalChoiceField(FUNCTION_INTRO_TYPES, '文档类型不正确'),
    enabled: enabledFilter,
  }),
  actions: ['list', 'detail', 'save', 'remove', 'enable'],
});

/** 上传功能说明PDF POST /manager/api/cfg/function_intro/upload (multipart, one file) */
export const functionIntroUploadRoute = route({
  method: 'POST',
  path: '/manager/api/cfg/function_intro/upload',
  summary: '为一份PDF类型的功能说明上传文件（PDF，不超过20MB）',
  access: ['cfg/system_function_introduction'],
  input: z.object({ id: idField('功能说明') }),
  output: z.object({ file_id: z.number().int(), file_name: z.string() }),
  upload: FUNCTION_INTRO_PDF_RULE,
  bodyLimit: uploadBodyLimit(FUNCTION_INTRO_PDF_RULE),
});

export const functionHelpSchema = z.object({
  doc_name: z.string(),
  doc_type: z.enum(FUNCTION_INTRO_TYPES),
  content: z.string().nullable(),
  /** The PDF, fetched by functionHelpFileRoute; null for text or a PDF not yet uploaded. */
  file_id: z.number().int().nullable(),
});
export type FunctionHelp = z.infer<typeof functionHelpSchema>;

/** 功能说明 GET /manager/api/cfg/function_help — the enabled help of one screen, or null. */
export const functionHelpRoute = route({
  method: 'GET',
  path: '/manager/api/cfg/function_help',
  summary: '一个页面的功能说明（未配置时为空）',
  access: 'signed-in',
  input: z.object({
    unique_key: z
      .string({ error: '请传递unique_key' })
      .trim()
      .min(1, '请传递unique_key')
      .max(128, 'unique_key格式不正确'),
  }),
  output: functionHelpSchema.nullable(),
});

/** 功能说明PDF GET /manager/api/cfg/function_help_file (the PDF itself, not an envelope) */
export const functionHelpFileRoute = route({
  method: 'GET',
  path: '/manager/api/cfg/function_help_file',
  summary: '功能说明的PDF文件',
  access: 'signed-in',
  input: z.object({ id: idField('文件') }),
  output: z.unknown(),
});

export const FUNCTION_INTRO_ROUTES = [functionIntroUploadRoute, functionHelpRoute, functionHelpFileRoute] as const;
