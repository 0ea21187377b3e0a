/**
 * The SWR key of a day's pickup slots for an order of `load` kitchen units, apart from the hook:
 * the payment page (a server component) hands the first days' slots to SWR under it, so the
 * times are in the first HTML.
 */
export const pickupSlotsKey = (date: string, load: number) => `/api/pickup-slots?date=${date}&load=${load}`;
