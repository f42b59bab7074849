import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '@checkup/api-contract';

export const CACHE_CLEAR_PATH = '/manager/api/bff/cache/clear';

/** 清除网关缓存 POST /manager/api/bff/cache/clear, for cfg/cache_mg; administrators only. */
export async function cacheAdminRoutes(app: FastifyInstance) {
  app.post(CACHE_CLEAR_PATH, async (request, reply) => {
    const user = request.session?.user;
    if (!user) throw new AppError('NOT_LOGGED_IN');
    if (!user.role_menu.includes('*') && !user.role_menu.includes('cfg/cache_mg')) throw new AppError('FORBIDDEN');
    const cleared = await app.getCache.clear();
    request.log.info({ cleared, user: user.user_account }, 'gateway cache cleared');
    return reply.header('x-cache', 'BYPASS').send(ok({ cleared }, '缓存已清除'));
  });
}
