import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import type { Restaurant } from '../restaurant';

/** What every message shares: the restaurant's name on top, its address and phone at the foot. */

const body: CSSProperties = { backgroundColor: '#f5f5f4', fontFamily: 'Helvetica, Arial, sans-serif', color: '#1c1917', margin: 0, padding: '24px 0' };
const container: CSSProperties = { backgroundColor: '#ffffff', maxWidth: '560px', margin: '0 auto', padding: '32px', borderRadius: '8px' };
const brand: CSSProperties = { fontSize: '22px', fontWeight: 700, letterSpacing: '0.04em', textTransform: 'uppercase', margin: '0 0 24px' };
const foot: CSSProperties = { fontSize: '13px', color: '#57534e', lineHeight: '20px', margin: 0 };

export const styles = {
  heading: { fontSize: '20px', fontWeight: 700, margin: '0 0 12px' } satisfies CSSProperties,
  text: { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' } satisfies CSSProperties,
  small: { fontSize: '13px', lineHeight: '18px', color: '#57534e', margin: 0 } satisfies CSSProperties,
  button: { display: 'inline-block', backgroundColor: '#1c1917', color: '#ffffff', padding: '12px 20px', borderRadius: '4px', fontWeight: 600, textDecoration: 'none' } satisfies CSSProperties,
};

export function MailLayout({ restaurant, preview, children }: { restaurant: Restaurant; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={brand}>{restaurant.name}</Text>
          {children}
          <Hr style={{ borderColor: '#e7e5e4', margin: '24px 0 16px' }} />
          <Section>
            <Text style={foot}>{restaurant.name}</Text>
            <Text style={foot}>{restaurant.address}</Text>
            <Text style={foot}>
              <Link href={`tel:${restaurant.phone.replace(/[^\d+]/g, '')}`}>{restaurant.phone}</Link> ·{' '}
              <Link href={`mailto:${restaurant.email}`}>{restaurant.email}</Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
