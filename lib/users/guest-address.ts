/**
 * A guest's account (Firebase anonymous) has no email address, while everything a person owns is
 * also filed under one (cart lines, the `?email=` of the cart and the payment history). A guest's
 * stand-in is made from their uid under `.invalid`, a top-level domain reserved never to resolve
 * (RFC 2606), so it is unique, stable for the uid, and no message can ever be delivered to it.
 * A guest's receipt goes to the address they give at payment, kept on the order. The uid is
 * written in hex: addresses are compared in lower case, and uids are not.
 */
export const GUEST_DOMAIN = 'guest.invalid';

export function guestAddress(uid: string): string {
  const hex = Array.from(new TextEncoder().encode(uid), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex}@${GUEST_DOMAIN}`;
}

export function isGuestAddress(email: string): boolean {
  return email.toLowerCase().endsWith(`@${GUEST_DOMAIN}`);
}
