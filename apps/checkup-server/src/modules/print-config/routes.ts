import type { FastifyInstance } from 'fastify';
import {
  AppError,
  DEFAULT_PRINT_SETTINGS,
  cardReaderParamSchema,
  cardReaderSettingsRoute,
  effectivePrintSettings,
  nameWorkstationRoute,
  printConfigRoute,
  printSettingsSchema,
  removeWorkstationRoute,
  savePrintDefaultsRoute,
  saveWorkstationRoute,
  withReaderAddress,
  workstationListRoute,
  workstationOverridesSchema,
  type PrintSettings,
  type Workstation,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { recordAudit } from '../audit/repository.js';
import { PARAM } from '../parameters/codes.js';
import { findParameter, saveParameterValue } from '../parameters/repository.js';
import {
  deleteWorkstation,
  findWorkstation,
  insertWorkstation,
  isUniqueViolation,
  listWorkstations,
  updateWorkstation,
  type WorkstationRow,
} from './workstation-repository.js';

const PRINT_PARAM_NAME = '打印配置';
const GONE = '工作站不存在或已被删除';
const nameTaken = (name: string) => `工作站名称“${name}”已被使用，请换一个名称`;

const workstationOf = (row: WorkstationRow): Workstation => {
  // Stored by this server after its rules; a value that no longer fits them counts as not set.
  const overrides = workstationOverridesSchema.safeParse(row.overrides);
  return {
    workstation_id: row.id,
    workstation_name: row.name,
    overrides: overrides.success ? overrides.data : {},
    updated_at: row.updatedAt.toISOString(),
  };
};

/** Parameter 0120, or the built-in defaults while it was never saved. */
async function loadDefaults(db: Db): Promise<{ settings: PrintSettings; updatedAt: string | null }> {
  const row = await findParameter(db, PARAM.PRINT);
  const parsed = printSettingsSchema.safeParse(row?.paramValue);
  return parsed.success
    ? { settings: parsed.data, updatedAt: row!.updatedAt.toISOString() }
    : { settings: DEFAULT_PRINT_SETTINGS, updatedAt: null };
}

/** 打印配置 (cfg/print_cfg): the centre's print defaults and each workstation's own settings. */
export async function printConfigRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  // Every printing screen reads what applies on its workstation.
  defineRoute(app, printConfigRoute, async ({ input }) => {
    const defaults = await loadDefaults(db);
    const row = input.workstation_id ? await findWorkstation(db, input.workstation_id) : undefined;
    const workstation = row ? workstationOf(row) : null;
    return {
      defaults: defaults.settings,
      defaults_updated_at: defaults.updatedAt,
      workstation,
      effective: effectivePrintSettings(defaults.settings, workstation?.overrides),
    };
  });

  defineRoute(app, savePrintDefaultsRoute, async ({ input, user, request }) => {
    const row = await db.transaction(async (tx) => {
      const saved = await saveParameterValue(tx, PARAM.PRINT, PRINT_PARAM_NAME, input.settings);
      await recordAudit(tx, request, 'print_defaults_save', {
        userId: user.id,
        userAccount: user.user_account,
        target: PARAM.PRINT,
        detail: { param_name: PRINT_PARAM_NAME },
      });
      return saved;
    });
    return { defaults: input.settings, defaults_updated_at: row.updatedAt.toISOString() };
  });

  defineRoute(app, workstationListRoute, async () => {
    return (await listWorkstations(db)).map(workstationOf);
  });

  // Any signed-in user names the browser they print from, once; renaming is 打印配置's.
  defineRoute(app, nameWorkstationRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const row = await insertWorkstation(tx, input.workstation_id, input.workstation_name);
      if (!row) {
        const named = await findWorkstation(tx, input.workstation_id);
        throw new AppError('CONFLICT', named ? `本工作站已命名为“${named.name}”` : nameTaken(input.workstation_name));
      }
      await recordAudit(tx, request, 'workstation_name', {
        userId: user.id,
        userAccount: user.user_account,
        target: row.id,
        detail: { workstation_name: row.name },
      });
      return workstationOf(row);
    }),
  );

  defineRoute(app, saveWorkstationRoute, async ({ input, user, request }) => {
    try {
      return await db.transaction(async (tx) => {
        const row = await updateWorkstation(tx, input.workstation_id, {
          name: input.workstation_name,
          overrides: input.overrides,
        });
        if (!row) throw new AppError('RECORD_NOT_FOUND', GONE);
        await recordAudit(tx, request, 'workstation_save', {
          userId: user.id,
          userAccount: user.user_account,
          target: row.id,
          detail: { workstation_name: row.name, overridden: Object.keys(input.overrides) },
        });
        return workstationOf(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', nameTaken(input.workstation_name));
      throw error;
    }
  });

  defineRoute(app, removeWorkstationRoute, async ({ input, user, request }) => {
    await db.transaction(async (tx) => {
      const row = await deleteWorkstation(tx, input.workstation_id);
      if (!row) throw new AppError('RECORD_NOT_FOUND', GONE);
      await recordAudit(tx, request, 'workstation_remove', {
        userId: user.id,
        userAccount: user.user_account,
        target: row.id,
        detail: { workstation_name: row.name },
      });
    });
    return { workstation_id: input.workstation_id };
  });

  // Public for the self-print kiosk (nobody signs in there): 0110 with the workstation's reader, nothing else.
  defineRoute(app, cardReaderSettingsRoute, async ({ input }) => {
    const param = cardReaderParamSchema.safeParse((await findParameter(db, PARAM.CARD_READER))?.paramValue);
    if (!param.success) {
      throw new AppError('RECORD_NOT_FOUND', '身份证读卡设置（参数0110）未配置，请在系统设置-参数设置中设置读卡方式');
    }
    const row = input.workstation_id ? await findWorkstation(db, input.workstation_id) : undefined;
    const own = row ? workstationOf(row).overrides.card_reader_url : undefined;
    return withReaderAddress(param.data, own);
  });
}
