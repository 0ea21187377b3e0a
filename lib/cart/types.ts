/** A cart line as the browser sees it (client-safe). */
export interface CartItem {
  _id: string;
  menuId: string;
  email: string;
  name: string;
  image: string;
  price: number;
}
