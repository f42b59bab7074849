import { versionRoute } from './commondata.js';
import { loginRoute, logoutRoute, publicKeyRoute, userInfoRoute } from './login.js';
import { addLogRoute } from './logfront.js';
import type { RouteDescriptor } from './route.js';

/** Every call of the contract, for the API documentation and the gateway's policies. */
export const contractRoutes: readonly RouteDescriptor[] = [
  publicKeyRoute,
  loginRoute,
  logoutRoute,
  userInfoRoute,
  versionRoute,
  addLogRoute,
];
