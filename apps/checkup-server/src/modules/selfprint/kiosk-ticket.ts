import { signedTicketKind } from '../../lib/signed-ticket.js';

/**
 * The self-print kiosk has no session: finding the examinee by ID card answers this ticket, bound to
 * that customer, so nobody can forge one for another person. Ten minutes: long enough to choose and
 * print a report; the kiosk page forgets it after 60 s without a touch.
 */
export const kioskTicket = signedTicketKind('kiosk-ticket', 10 * 60_000);
