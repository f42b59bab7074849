import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PersonalData } from '../people/personal-data.js';
import { customerArchiveRoutes } from './customer-archive.js';
import { examBookingRoutes } from './exam-booking.js';
import { scheduleSlotRoutes } from './schedule-slot.js';

/** 客户管理's 客户档案, 排期 and 体检预约 (issue 22, breadth §2.1 and §2.6). */
export async function custScheduleRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  customerArchiveRoutes(app, opts.db, opts.personalData);
  scheduleSlotRoutes(app, opts.db);
  examBookingRoutes(app, opts.db, opts.personalData);
}
