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
