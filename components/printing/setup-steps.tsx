'use client';

import { useState } from 'react';
import type { PrinterConnection } from '@/lib/printing/types';

/**
 * What to type into the printer, step by step, for the models this was written for: a Star
 * TSP143IV or mC-Print3 (CloudPRNT) and an Epson TM-m30III (Server Direct Print). The URL holds
 * the printer's secret and is shown this once: a lost one is replaced with "New URL".
 */
export function SetupSteps({ connection, onDone }: { connection: PrinterConnection; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const { printer, url } = connection;
  const star = printer.protocol === 'star-cloudprnt';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section aria-labelledby="setup-steps-title" className="space-y-4 rounded-lg border-2 border-gold bg-white p-4 shadow-sm md:p-8">
      <h2 id="setup-steps-title" className="font-display text-xl">
        Set up {printer.name}
      </h2>
      <p className="text-sm text-gray-700">This URL is shown only now: it holds the printer&apos;s secret. Keep this page open until the printer has polled.</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="printer-url" className="sr-only">
          Printer URL
        </label>
        <input id="printer-url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="min-h-11 min-w-0 flex-1 rounded border border-gray-300 bg-cream/40 px-3 font-mono text-sm" />
        <button type="button" onClick={() => void copy()} className="min-h-11 rounded border-2 border-ink px-4 font-semibold hover:bg-cream">
          {copied ? 'Copied' : 'Copy the URL'}
        </button>
      </div>
      {star ? (
        <ol className="list-decimal space-y-2 pl-6 text-sm">
          <li>Connect the printer (TSP143IV or mC-Print3) to the restaurant&apos;s network and switch it on.</li>
          <li>Find its IP address: hold the FEED button while switching it on, and it prints its settings, the address among them.</li>
          <li>On a computer or tablet on the same network, open that address in a browser and log in to the printer&apos;s web settings as its administrator.</li>
          <li>
            Open <strong>Star CloudPRNT</strong> and turn it on. In <strong>Server URL</strong> paste the URL above; leave <strong>Polling time</strong> at 5 seconds
            (or more: see the cost of polling in the docs); leave user name and password empty.
          </li>
          <li>Save, and let the printer restart. Within a few seconds this page shows it as seen, with its paper and cover.</li>
          <li>On an mC-Print3 leave the emulation at StarPRNT. A printer that cannot print a kind of ticket says so, and is not sent that kind again.</li>
        </ol>
      ) : (
        <ol className="list-decimal space-y-2 pl-6 text-sm">
          <li>Connect the TM-m30III to the restaurant&apos;s network and switch it on.</li>
          <li>Find its IP address: hold the FEED button while switching it on, and it prints a status sheet, the address among them.</li>
          <li>On a computer or tablet on the same network, open that address in a browser (Epson Web Config) and log in as its administrator.</li>
          <li>
            Open <strong>Server Direct Print</strong> and enable it. In <strong>URL</strong> paste the URL above; set <strong>Interval</strong> to 5 seconds; the
            <strong> ID</strong> may be anything (letters and digits), for example the printer&apos;s name.
          </li>
          <li>
            Make sure <strong>ePOS-Print</strong> is enabled too (Server Direct Print sends its tickets that way), then save and let the printer restart. Within a
            few seconds this page shows it as seen.
          </li>
        </ol>
      )}
      <button type="button" onClick={onDone} className="min-h-11 rounded bg-ink px-5 font-semibold text-white hover:bg-gold-dark">
        Done: hide the URL
      </button>
    </section>
  );
}
