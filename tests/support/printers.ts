/**
 * Printers that speak their protocols as their manuals describe them, to whatever URL they were
 * given, over HTTP (`send` is `fetch` against the production server; in handler tests, the route
 * handlers called with real Requests):
 *
 * - `StarPrinter`: Star CloudPRNT (HTTP). It POSTs its status as JSON (`statusCode` URL-encoded,
 *   `printerMAC`, `status` in ASB hex); when told a job is ready it GETs it with `?uid&type&mac&token`,
 *   choosing the first type of its own it was offered; then DELETEs with `?mac&code&token`, code
 *   '200 OK' once printed or '510 ...' for a type it cannot print after all (a mis-set emulation).
 *   While its status is not 2xx it keeps polling and fetches nothing.
 * - `EpsonPrinter`: Epson Server Direct Print. It POSTs `ConnectionType=GetRequest&ID&Name` as a
 *   form; an answer with a PrintRequestInfo is printed (each ePOSPrint's <command> of ESC/POS) and
 *   reported back with `ConnectionType=SetResponse&ID&ResponseFile=<PrintResponseInfo>`.
 *
 * What each prints is read back as text (./printer-commands.ts) into `paper`.
 */
import { XMLParser } from 'fast-xml-parser';
import { readEscPos, readPlainText, readStarCommands, type Paper } from './printer-commands';

export type Send = (req: Request) => Promise<Response>;

export interface Printout extends Paper {
  mediaType: string;
  /** The job's token (Star) or printjobid (Epson). */
  job: string;
}

const READERS: Record<string, (body: Uint8Array) => Paper> = {
  'application/vnd.star.starprnt': readStarCommands,
  'application/vnd.star.line': readStarCommands,
  'text/plain': (body) => readPlainText(new TextDecoder().decode(body)),
};

export interface StarOptions {
  /** What it can print, in the order it prefers (a TSP143IV: StarPRNT, then text). */
  mediaTypes?: string[];
  /** Types it claims but answers 510 to once it has them (an emulation set to something else). */
  answers510?: string[];
  mac?: string;
}

export class StarPrinter {
  readonly paper: Printout[] = [];
  /** '200 OK' while it can print; '410 Paper Out', '420 Cover Open'… */
  status = '200 OK';
  readonly requests: { method: string; status: number }[] = [];
  private readonly mediaTypes: string[];
  private readonly answers510: Set<string>;
  private readonly mac: string;

  constructor(
    readonly url: string,
    private readonly send: Send = fetch,
    options: StarOptions = {},
  ) {
    this.mediaTypes = options.mediaTypes ?? ['application/vnd.star.starprnt', 'text/plain'];
    this.answers510 = new Set(options.answers510 ?? []);
    this.mac = options.mac ?? '00:11:62:0e:48:a7';
  }

  private async request(method: string, query: Record<string, string>, init: RequestInit = {}): Promise<Response> {
    const url = new URL(this.url);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const res = await this.send(new Request(url, { method, ...init }));
    this.requests.push({ method, status: res.status });
    return res;
  }

  /** One poll: what the server answered. */
  async poll(): Promise<{ status: number; body: { jobReady?: boolean; mediaTypes?: string[]; jobToken?: string; error?: string } }> {
    const res = await this.request('POST', {}, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: this.status.startsWith('2') ? '23 6 0 0 0 0 0 0 0 ' : '23 6 8 0 0 0 0 0 0 ', printerMAC: this.mac, statusCode: encodeURIComponent(this.status), printingInProgress: false, clientAction: null }),
    });
    return { status: res.status, body: (await res.json()) as { jobReady?: boolean } };
  }

  /**
   * A poll, and the job it announces fetched, printed and confirmed (when it is online): what it
   * printed, 'refused' when it answered 510, or null when nothing was ready.
   */
  async cycle(): Promise<Printout | 'refused' | null> {
    const { status, body } = await this.poll();
    if (status !== 200) throw new Error(`poll answered ${status}: ${body.error}`);
    if (!body.jobReady || !this.status.startsWith('2')) return null;
    const type = this.mediaTypes.find((t) => body.mediaTypes?.includes(t));
    if (!type) throw new Error(`offered ${body.mediaTypes?.join(', ')}, none of which this printer takes`);
    const token = body.jobToken!;
    const res = await this.request('GET', { uid: '', type, mac: this.mac, token });
    if (res.status !== 200) {
      await this.request('DELETE', { mac: this.mac, code: '520 Job download failed', token });
      throw new Error(`GET answered ${res.status}`);
    }
    if (res.headers.get('content-type')?.split(';')[0] !== type) throw new Error(`asked for ${type}, got ${res.headers.get('content-type')}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (this.answers510.has(type)) {
      await this.request('DELETE', { mac: this.mac, code: '510 Media type not supported', token });
      return 'refused';
    }
    const printed = { mediaType: type, job: token, ...READERS[type]!(bytes) };
    const confirmed = await this.request('DELETE', { mac: this.mac, code: '200 OK', token });
    if (confirmed.status !== 200) throw new Error(`DELETE answered ${confirmed.status}`);
    this.paper.push(printed);
    return printed;
  }

  /** Polls until nothing more is ready: everything it printed now, in order. */
  async drain(limit = 20): Promise<Printout[]> {
    const printed: Printout[] = [];
    for (let i = 0; i < limit; i++) {
      const outcome = await this.cycle();
      if (outcome === null) return printed;
      if (outcome !== 'refused') printed.push(outcome);
    }
    throw new Error(`still printing after ${limit} polls`);
  }
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, isArray: (name) => name === 'ePOSPrint' });

export interface EpsonOptions {
  /** The ID and Name set in its Web Config. */
  id?: string;
  name?: string;
}

export class EpsonPrinter {
  readonly paper: Printout[] = [];
  /** The ePOS-Print status bitmask it reports with a result, and whether it prints at all (paper, cover). */
  status = 0x0f000016;
  printing = true;
  readonly requests: { kind: string; status: number }[] = [];

  constructor(
    readonly url: string,
    private readonly send: Send = fetch,
    private readonly options: EpsonOptions = {},
  ) {}

  private async post(fields: Record<string, string>): Promise<Response> {
    const res = await this.send(
      new Request(this.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() }),
    );
    this.requests.push({ kind: fields.ConnectionType!, status: res.status });
    return res;
  }

  private get identity() {
    return { ID: this.options.id ?? 'kitchen-1', Name: this.options.name ?? 'TM-m30III' };
  }

  /** One poll, and what it was sent printed (or not) and reported: what it printed, or null when it was sent nothing. */
  async cycle(): Promise<Printout | 'failed' | null> {
    const res = await this.post({ ConnectionType: 'GetRequest', ...this.identity });
    if (res.status !== 200) throw new Error(`GetRequest answered ${res.status}: ${await res.text()}`);
    const body = await res.text();
    if (!body) return null;
    const request = xml.parse(body) as { PrintRequestInfo: { ePOSPrint: { Parameter: { printjobid: string }; PrintData: { 'epos-print': { command: string } } }[] } };
    const results: string[] = [];
    let printed: Printout | null = null;
    for (const entry of request.PrintRequestInfo.ePOSPrint) {
      const job = entry.Parameter.printjobid;
      if (this.printing) printed = { mediaType: 'ePOS-Print XML', job, ...readEscPos(Buffer.from(entry.PrintData['epos-print'].command, 'hex')) };
      const outcome = this.printing ? 'success="true" code=""' : 'success="false" code="EPTR_REC_EMPTY"';
      results.push(
        `<ePOSPrint><Parameter><devid>local_printer</devid><printjobid>${job}</printjobid></Parameter><PrintResponse><response xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print" ${outcome} status="${this.status}" battery="0"/></PrintResponse></ePOSPrint>`,
      );
    }
    const report = await this.post({ ConnectionType: 'SetResponse', ...this.identity, ResponseFile: `<?xml version="1.0" encoding="UTF-8"?><PrintResponseInfo Version="2.00">${results.join('')}</PrintResponseInfo>` });
    if (report.status !== 200) throw new Error(`SetResponse answered ${report.status}`);
    if (!printed) return 'failed';
    this.paper.push(printed);
    return printed;
  }

  async drain(limit = 20): Promise<Printout[]> {
    const printed: Printout[] = [];
    for (let i = 0; i < limit; i++) {
      const outcome = await this.cycle();
      if (outcome === null || outcome === 'failed') return printed;
      printed.push(outcome);
    }
    throw new Error(`still printing after ${limit} polls`);
  }
}

type RouteModule = Partial<Record<'GET' | 'POST' | 'DELETE', (req: Request, ctx: { params: Promise<{ token: string }> }) => Response | Promise<Response>>>;

/** `send` for handler tests: a request to a printer URL goes to that protocol's route handler, as Next.js would route it. */
export function handlerSend(routes: { star: RouteModule; epson: RouteModule }): Send {
  return async (req) => {
    const match = /\/api\/print\/(star|epson)\/([^/?]+)/.exec(new URL(req.url).pathname);
    if (!match) throw new Error(`not a printer URL: ${req.url}`);
    const handler = routes[match[1] as 'star' | 'epson'][req.method as 'GET' | 'POST' | 'DELETE'];
    if (!handler) return new Response(null, { status: 405 });
    return handler(req, { params: Promise.resolve({ token: decodeURIComponent(match[2]!) }) });
  };
}
