import { z } from 'zod';

// Every message a contract schema produces reaches users: zod's own defaults in Chinese.
z.config(z.locales.zhCN());

export { z };
