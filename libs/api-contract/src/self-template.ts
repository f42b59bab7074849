import { z } from 'zod';
import { idField, optionalChoiceField, searchKeyField } from './field-schemas.js';
import { defineResource } from './resource/define-resource.js';
import { choiceField, textField } from './resource/form-fields.js';
import { route, type AccessKey } from './route.js';
import type { TemplateLayout } from './exam-cfg/template-layout.js';
import {
  SUIT_TYPES,
  TEMPLATE_TYPES,
  TEMPLATE_TYPE_LABELS,
  layoutSchemaOf,
  type TemplateType,
} from './exam-cfg/template-sections.js';

/** A layout's JSON bounds what one save may carry. */
export const TEMP_CONFIG_MAX_BYTES = 64 * 1024;

/**
 * temp_config as a form carries it (JSON text, spec §7) or as an object, checked by its type's layout
 * schema; the first refusal is the message.
 */
export function tempConfigField(type: TemplateType) {
  const schema = layoutSchemaOf(type);
  return z.unknown().transform((value, ctx): TemplateLayout => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    let layout = value;
    if (value === undefined || value === null || value === '') return refuse('请填写模板配置');
    if (typeof value === 'string') {
      if (new TextEncoder().encode(value).length > TEMP_CONFIG_MAX_BYTES) return refuse('模板配置不能超过64KB');
      try {
        layout = JSON.parse(value);
      } catch {
        return refuse('模板配置不是有效的JSON');
      }
    }
    if (typeof layout !== 'object' || layout === null || Array.isArray(layout)) return refuse('模板配置必须是JSON对象');
    const parsed = schema.safeParse(layout);
    return parsed.success ? parsed.data : refuse(parsed.error.issues[0]?.message ?? '模板配置格式不正确');
  });
}

export const templateScreenOf = (type: TemplateType) => `exam_cfg/self_defined_template/${type}` as AccessKey;

/**
 * One type's templates (exam_cfg/self_defined_template/<type>): each screen keeps only its own type,
 * so the resource is per type, over one table. 默认 is set by its own call (one default per type
 * and 适用类型), not by the form.
 */
function templateResource(type: TemplateType) {
  return defineResource({
    name: `template_${type}`,
    title: `${TEMPLATE_TYPE_LABELS[type]}模板`,
    base: `/manager/api/examcfg/template/${type}`,
    screens: [templateScreenOf(type)],
    row: z.object({
      temp_type: z.enum(TEMPLATE_TYPES),
      temp_name: z.string(),
      suit_type: z.enum(SUIT_TYPES),
      is_default: z.boolean(),
      temp_config: z.record(z.string(), z.unknown()),
    }),
    form: z.object({
      temp_name: textField('模板名称', 64),
      suit_type: choiceField(SUIT_TYPES, '适用类型'),
      temp_config: tempConfigField(type),
    }),
    filter: z.object({
      key: searchKeyField(),
      suit_type: optionalChoiceField(SUIT_TYPES, '适用类型不正确'),
    }),
    actions: ['list', 'detail', 'save', 'remove'],
  });
}
export type TemplateResource = ReturnType<typeof templateResource>;

export const TEMPLATE_RESOURCES = Object.fromEntries(TEMPLATE_TYPES.map((t) => [t, templateResource(t)])) as Record<
  TemplateType,
  TemplateResource
>;

function setDefaultRoute(type: TemplateType) {
  return route({
    method: 'POST',
    path: `/manager/api/examcfg/template/${type}/set_default`,
    summary: `设为默认${TEMPLATE_TYPE_LABELS[type]}模板（每种适用类型一个）`,
    access: [templateScreenOf(type)],
    input: z.object({ id: idField('模板') }),
    output: z.object({ id: z.number().int() }),
  });
}

/** 设为默认, per type: the guide sheet and the report print with their type's default. */
export const TEMPLATE_SET_DEFAULT_ROUTES = Object.fromEntries(
  TEMPLATE_TYPES.map((t) => [t, setDefaultRoute(t)]),
) as Record<TemplateType, ReturnType<typeof setDefaultRoute>>;
