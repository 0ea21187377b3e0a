import Link from 'next/link';
import { PageHeading } from './page-heading';

/** A page whose feature is not built yet says so plainly, instead of a dead link. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <section>
      <PageHeading title={title} />
      <p className="mx-auto max-w-lg rounded bg-white p-8 text-center text-gray-600 shadow-sm">
        {what} is coming soon. <Link href="/menu" className="text-gold underline">Browse the menu</Link> in the meantime.
      </p>
    </section>
  );
}
