import { signedTicketKind } from '../../lib/signed-ticket.js';

/**
 * A ticket for one visit's report, for the local print service (spec §7 printword fetches by URL
 * and carries no cookie); five minutes to fetch it after the staff pressed print.
 */
export const reportTicket = signedTicketKind('report-ticket', 5 * 60_000);
