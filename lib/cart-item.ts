/** A cart line as the browser sees it (spec §3). */
export interface CartItem {
  _id: string;
  menuId: string;
  email: string;
  name: string;
  image: string;
  price: number;
}
