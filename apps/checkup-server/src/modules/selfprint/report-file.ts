import type { Db } from '../../db/client.js';
import type { PersonalData } from '../people/personal-data.js';
import { renderReportPdf, reportDisposition } from '../report/report-pdf.js';

/**
 * The kiosk prints the same report PDF as the staff (modules/report); this is the one place the
 * self-print module reaches for it.
 */
export const renderKioskReport = (db: Db, personalData: PersonalData, orderId: string): Promise<Buffer> =>
  renderReportPdf(db, personalData, orderId);

export const reportFileHeader = (orderId: string): string => reportDisposition(orderId);
