import type { FastifyInstance } from 'fastify';
import { functionIntroResource } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { functionIntroBinding, functionIntroRoutes } from './function-intro.js';
import { menuSettingsRoutes } from './menu-settings.js';

/** 系统设置's 菜单分类 and 功能介绍 (breadth §7): how the menu is shown, and each screen's help. */
export async function menusHelpRoutes(app: FastifyInstance, opts: { db: Db }) {
  menuSettingsRoutes(app, opts.db);
  serveResource(app, opts.db, functionIntroResource, functionIntroBinding);
  functionIntroRoutes(app, opts.db);
}
