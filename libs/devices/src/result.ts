/** Every device client answers a result union instead of throwing (STYLE §8). */
export type DeviceResult<T, E extends string = string> =
  { ok: true; data: T } | { ok: false; error: E; message: string };

export const deviceOk = <T>(data: T): DeviceResult<T, never> => ({ ok: true, data });

export const deviceError = <E extends string>(error: E, message: string): DeviceResult<never, E> => ({
  ok: false,
  error,
  message,
});
