import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { bookingPrefillRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/**
 * 预约转登记 (体检预约's 转登记 opens …/order_quick_register?booking=7): the booked person, to fill the
 * form; the registration saved with booking_id ends the booking. Null without ?booking=.
 */
export function useBookingPrefill() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('booking'));
  const bookingId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const prefill = useQuery({
    queryKey: ['booking', bookingId, 'prefill'],
    queryFn: () => api.call(bookingPrefillRoute, { id: bookingId! }),
    enabled: bookingId !== null,
    staleTime: Infinity,
    retry: false,
  });
  /** The registration no longer comes from the booking (saved, or cleared by the clerk). */
  const leave = () =>
    setParams(
      (p) => {
        p.delete('booking');
        return p;
      },
      { replace: true },
    );
  return { bookingId, prefill, leave };
}
