/**
 * The SWR key of a day's pickup slots, apart from the hook: the payment page (a server component)
 * hands the first days' slots to SWR under it, so the times are in the first HTML.
 */
export const pickupSlotsKey = (date: string) => `/api/pickup-slots?date=${date}`;
