import type { AreaScreens } from '../../app/routes/area-chunks';
import HomePage from './home_page';

/** The built screens of 体检管理, by screen key; the rest of the area shows the developing page. */
export const screens: AreaScreens = {
  home_page: HomePage,
};
