import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Secret', robots: { index: false } };

export default function SecretPage() {
  return <h1 className="px-4 pt-32 pb-16 text-center font-display text-3xl">Secret things</h1>;
}
