import type { AreaScreens } from '../../app/routes/area-chunks';
import CacheMg from './cache_mg';
import LogFront from './log_front';

/** The built screens of 系统设置, by screen key; the rest of the area shows the developing page. */
export const screens: AreaScreens = {
  cache_mg: CacheMg,
  log_front: LogFront,
};
