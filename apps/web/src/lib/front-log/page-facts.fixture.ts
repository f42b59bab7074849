import type { PageFacts } from './log-content';

/** A page pinned for the front-log tests. */
export const facts: PageFacts = {
  version: '3.2.1',
  releaseStage: 'production',
  now: new Date('2026-11-21T08:00:00.000Z'),
  title: '科室诊断 - 体检管理系统',
  url: 'http://peis.local/#/manager/exam_mg/dept_diag',
  userAgent: 'Chromium',
  screenHeight: 1080,
  screenWidth: 1920,
  referrer: 'http://peis.local/',
  pageLevel: 'top',
};
