import 'server-only';
import QRCode from 'qrcode';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { site } from '@/lib/config/site';
import { tableCount } from './settings';
import { tablePath } from './table-mode';

export interface TableCode {
  table: number;
  url: string;
  /** The QR code as an SVG document, made here on the server. */
  svg: string;
}

/** One QR code per table, each opening NEXT_PUBLIC_SITE_URL/t/{n}. */
export async function tableCodes(admin: Admin): Promise<TableCode[]> {
  authorize(admin, 'admin');
  const count = await tableCount();
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const url = `${site.url}${tablePath(i + 1)}`;
      // Medium error correction survives a scuffed or splashed table card; a margin of 2 modules is enough on white paper.
      const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { table: i + 1, url, svg };
    }),
  );
}
