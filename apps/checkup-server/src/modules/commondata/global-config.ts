import { z } from 'zod';
import type { GlobalConfig } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { PARAM } from '../parameters/codes.js';
import { getParameterValue } from '../parameters/repository.js';

// A parameter an administrator left half-filled still yields a configuration: missing parts default.
const objectOrEmpty = z.record(z.string(), z.unknown()).catch({});

const textOrNull = (value: unknown): string | null => {
  if (Array.isArray(value)) return textOrNull(value.filter((v) => typeof v === 'string' && v.trim()).join(','));
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

/** Spec §3 global configuration groups: hospital identity from 0810, review switches from 0030, spec §9 defaults. */
export async function readGlobalConfig(db: Db): Promise<GlobalConfig> {
  const [company, aiReview] = await Promise.all([
    getParameterValue(db, PARAM.COMPANY).then((v) => objectOrEmpty.parse(objectOrEmpty.parse(v).companyCfg)),
    getParameterValue(db, PARAM.AI_REVIEW).then((v) => objectOrEmpty.parse(v)),
  ]);
  return {
    hospital: {
      name: textOrNull(company.name),
      logo: textOrNull(company.logo),
      address: textOrNull(company.address),
      // Older configurations wrote a single `phone`.
      phones: textOrNull(company.phones ?? company.phone),
      postcode: textOrNull(company.postcode),
      email: textOrNull(company.email),
      path_planning: textOrNull(company.path_planning),
    },
    print_template: { barcode_format: 'CODE128', barcode_width_cm: 5, barcode_height_cm: 3, page_type: 'A4' },
    report: { print_layout: 'A4', preview_mode: 'dialog' },
    review: {
      ai_review: objectOrEmpty.parse(aiReview.ai_review).enable === true,
      show_contagion: aiReview.show_contagion === true,
      cut_tab: 6,
      occu_step: 1,
    },
    order_info: {
      guide_confirm_text: '确认体检',
      exam_time: '8:00-10:00',
      time_slot: { start: '09:00', end: '18:00', step_seconds: 3600 },
    },
    customer_info: { default_birthday: '1990-01-01' },
    dept_diag: { lis_summary: true, limit_add_edit_diag: true },
    group_report: {},
    polyclinic_change: {},
    crm: {},
    business: {},
  };
}
