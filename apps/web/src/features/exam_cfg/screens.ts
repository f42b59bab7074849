import { lazy } from 'react';
import type { AreaScreens } from '../../app/routes/area-chunks';

/**
 * The built screens of 体检配置, by screen key; each is a lazy chunk of its own (issue 18), so opening
 * one configuration screen does not download the others. The rest shows the developing page.
 */
export const screens = {
  dept_cfg: lazy(() => import('./dept_cfg')),
} satisfies AreaScreens<'exam_cfg'>;
