import type { AreaScreens } from '../../app/routes/area-chunks';
import JobLogging from './job_logging';
import RemindData from './remind_data';

/** The screens of 数据管理, by screen key. */
export const screens = {
  job_logging: JobLogging,
  remind_data: RemindData,
} satisfies AreaScreens<'management_data'>;
