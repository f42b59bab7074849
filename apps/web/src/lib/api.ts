import { createApiClient, type ApiClientHooks } from './api-client';

/** Set by the app shell, which knows how to navigate; the HTTP layer only calls them. */
export const apiHooks: ApiClientHooks = {};

export const api = createApiClient({
  onSignal: (signal) => apiHooks.onSignal?.(signal),
  onForbidden: () => apiHooks.onForbidden?.(),
});
