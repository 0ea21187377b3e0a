/** The restaurant's own data, as CSV files an admin downloads (streamed by the server, however long the history). */
export function DataExport() {
  const link = 'inline-flex min-h-11 items-center rounded border border-ink px-4 font-semibold hover:bg-cream';
  return (
    <section aria-labelledby="export-title" className="space-y-3 rounded-lg bg-white p-4 shadow-sm md:p-6">
      <h2 id="export-title" className="font-display text-xl uppercase">
        Your data
      </h2>
      <p className="text-sm text-gray-600">Every order with its lines, and every customer account, as CSV for a spreadsheet, an accountant or another system.</p>
      <div className="flex flex-wrap gap-3">
        <a href="/api/exports/orders" download className={link}>
          Export all orders (CSV)
        </a>
        <a href="/api/exports/customers" download className={link}>
          Export all customers (CSV)
        </a>
      </div>
    </section>
  );
}
