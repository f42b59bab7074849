import { z } from 'zod';
import { route } from './route.js';

/** What pickers need of a colleague: nothing about their account or rights. */
export const simpleUserSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
});
export type SimpleUser = z.infer<typeof simpleUserSchema>;

/** 用户简单列表 GET /manager/api/user/user_simple_list */
export const userSimpleListRoute = route({
  method: 'GET',
  path: '/manager/api/user/user_simple_list',
  summary: '用户简单列表',
  access: 'signed-in',
  input: z.object({}),
  output: z.array(simpleUserSchema),
});

/**
 * 解锁 an account locked after repeated wrong passwords (issue 21): from 账号管理 and from the login log
 * of 后端日志. The server clears the failure count and the lock, and writes an audit row.
 */
export const unlockAccountRoute = route({
  method: 'POST',
  path: '/manager/api/user/unlock',
  summary: '解锁账号',
  access: ['cfg/priv_cfg', 'cfg/log_backend'],
  input: z.object({ user_id: z.coerce.number().int().positive('请选择账号') }),
  output: z.null(),
});
