import { signedTicketKind } from '../../lib/signed-ticket.js';

/**
 * A ticket for one order's guide sheet, for the local print service (spec §7 printword fetches by
 * URL and carries no cookie); five minutes to fetch it after the clerk pressed print.
 */
export const guideSheetTicket = signedTicketKind('guide-sheet-ticket', 5 * 60_000);
