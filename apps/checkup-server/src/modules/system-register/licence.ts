import type { FastifyInstance } from 'fastify';
import {
  aboutRoute,
  licenceFormSchema,
  licenceSaveRoute,
  type AboutInfo,
  type LicenceForm,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { recordAudit } from '../audit/repository.js';
import { APP_VERSION } from '../commondata/routes.js';
import { companyParamSchema, PARAM } from '../parameters/codes.js';
import { getParameterValue, saveParameterValue } from '../parameters/repository.js';
import { todayCst } from '../../lib/hospital-day.js';

export const PRODUCT_NAME = '体检管理系统';

/** Until the administrator records one: a trial licence, neither start nor end known. */
const UNRECORDED = { licence_type: 'trial', licence_code: null, valid_from: null, valid_to: null } as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** What every signed-in user sees of the product and its licence; `today` is the centre's day. */
export async function readAbout(db: Db, today = todayCst()): Promise<AboutInfo> {
  const [company, stored] = await Promise.all([
    getParameterValue(db, PARAM.COMPANY),
    getParameterValue(db, PARAM.LICENCE),
  ]);
  const parsed = licenceFormSchema.safeParse(stored ?? {});
  const licence: Omit<LicenceForm, 'valid_from'> & { valid_from: string | null } = parsed.success
    ? parsed.data
    : UNRECORDED;
  const holder = companyParamSchema.safeParse(company);
  const code = licence.licence_code;
  const daysLeft = licence.valid_to === null ? null : dayNumber(licence.valid_to) - dayNumber(today);
  return {
    product_name: PRODUCT_NAME,
    version: APP_VERSION,
    licence_holder: holder.success ? holder.data.companyCfg.name : '（未设置单位名称）',
    licence_type: licence.licence_type,
    licence_code: code === null ? null : `${'*'.repeat(Math.max(0, code.length - 4))}${code.slice(-4)}`,
    valid_from: licence.valid_from,
    valid_to: licence.valid_to,
    expired: daysLeft !== null && daysLeft < 0,
    days_left: daysLeft,
  };
}

/** 系统注册's licence: read by everyone signed in, kept by the screen's holders (parameter 0150). */
export function licenceRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, aboutRoute, () => readAbout(db));

  defineRoute(app, licenceSaveRoute, async ({ input, user, request }) => {
    await db.transaction(async (tx) => {
      // The form as text: the parameter holds what licenceFormSchema reads back.
      const value = {
        licence_type: input.licence_type,
        licence_code: input.licence_code ?? '',
        valid_from: input.valid_from,
        valid_to: input.valid_to ?? '',
      };
      await saveParameterValue(tx, PARAM.LICENCE, '授权信息', value);
      await recordAudit(tx, request, 'licence_save', {
        userId: user.id,
        userAccount: user.user_account,
        target: PARAM.LICENCE,
        // The code itself stays out of the log.
        detail: { licence_type: input.licence_type, valid_from: input.valid_from, valid_to: input.valid_to },
      });
    });
    return readAbout(db);
  });
}
