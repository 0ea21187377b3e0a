import 'server-only';
import QRCode from 'qrcode';
import { authorize, type Admin } from '@/lib/auth/viewer';
import { site } from '@/lib/config/site';
import { tableCount } from './settings';
import { tablePath } from './table-mode';
import { tableTokens } from './tokens';

export interface TableCode {
  table: number;
  url: string;
  /** The QR code as an SVG document, made here on the server. */
  svg: string;
}

/** One QR code per table, each opening NEXT_PUBLIC_SITE_URL/t/{n}?k={its token}. */
export async function tableCodes(admin: Admin): Promise<TableCode[]> {
  authorize(admin, 'admin');
  const tokens = await tableTokens(admin, await tableCount());
  return Promise.all(
    tokens.map(async (token, i) => {
      const url = `${site.url}${tablePath(i + 1, token)}`;
      // Medium error correction survives a scuffed or splashed table card; a margin of 2 modules is enough on white paper.
      const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { table: i + 1, url, svg };
    }),
  );
}
