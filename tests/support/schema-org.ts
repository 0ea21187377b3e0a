/**
 * What a crawler needs from the structured data of a page, checked on the JSON a page serves.
 * The builders are typed with schema.org's own vocabulary (schema-dts), so a property a type does
 * not have fails the build; this checks what types cannot: that the properties search engines
 * require are present and hold sensible values, at every depth of the tree.
 */

type Node = Record<string, unknown>;

/** The properties each type must carry for a rich result, and a check of its values. */
const RULES: Record<string, { required: string[]; check?: (node: Node) => string | null }> = {
  Restaurant: {
    required: ['name', 'url', 'address', 'telephone', 'openingHoursSpecification', 'servesCuisine', 'priceRange', 'acceptsReservations', 'hasMenu'],
  },
  PostalAddress: { required: ['streetAddress', 'addressLocality', 'postalCode', 'addressCountry'] },
  OpeningHoursSpecification: {
    required: ['dayOfWeek', 'opens', 'closes'],
    check: (n) => ([n.opens, n.closes].every((t) => typeof t === 'string' && /^\d\d:\d\d$/.test(t)) ? null : 'opens/closes are not HH:MM'),
  },
  Menu: { required: ['name', 'hasMenuSection'] },
  MenuSection: { required: ['name', 'hasMenuItem'] },
  MenuItem: { required: ['name', 'offers'] },
  Offer: {
    required: ['price', 'priceCurrency', 'availability'],
    check: (n) =>
      !/^\d+\.\d\d$/.test(String(n.price))
        ? `price ${String(n.price)} is not a decimal amount`
        : !/^[A-Z]{3}$/.test(String(n.priceCurrency))
          ? 'priceCurrency is not an ISO 4217 code'
          : !['https://schema.org/InStock', 'https://schema.org/SoldOut'].includes(String(n.availability))
            ? `availability ${String(n.availability)} is not an ItemAvailability`
            : null,
  },
  AggregateRating: {
    required: ['ratingValue', 'reviewCount', 'bestRating', 'worstRating'],
    check: (n) =>
      Number(n.ratingValue) >= Number(n.worstRating) && Number(n.ratingValue) <= Number(n.bestRating) && Number(n.reviewCount) > 0
        ? null
        : 'ratingValue outside worstRating..bestRating, or no reviews',
  },
};

const DIETS = new Set(['https://schema.org/VegetarianDiet', 'https://schema.org/VeganDiet']);

/** Every problem found in a JSON-LD document, as 'path: problem'; an empty list when it is sound. */
export function schemaOrgProblems(doc: unknown): string[] {
  const problems: string[] = [];
  if (!doc || typeof doc !== 'object' || (doc as Node)['@context'] !== 'https://schema.org') return ['the top node has no schema.org @context'];
  const visit = (value: unknown, at: string) => {
    if (Array.isArray(value)) return value.forEach((v, i) => visit(v, `${at}[${i}]`));
    if (!value || typeof value !== 'object') return;
    const node = value as Node;
    const type = node['@type'];
    if (typeof type !== 'string') problems.push(`${at}: no @type`);
    else {
      const rule = RULES[type];
      if (!rule) problems.push(`${at}: unexpected type ${type}`);
      else {
        for (const name of rule.required) if (node[name] === undefined || node[name] === '') problems.push(`${at} (${type}): no ${name}`);
        const wrong = rule.check?.(node);
        if (wrong) problems.push(`${at} (${type}): ${wrong}`);
      }
    }
    if (node.suitableForDiet !== undefined) {
      for (const diet of [node.suitableForDiet].flat()) if (!DIETS.has(String(diet))) problems.push(`${at}: suitableForDiet ${String(diet)} is not a RestrictedDiet`);
    }
    for (const [key, child] of Object.entries(node)) if (!key.startsWith('@')) visit(child, `${at}.${key}`);
  };
  visit(doc, '$');
  return problems;
}

/** The JSON-LD documents of an HTML page, parsed. */
export function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** Every node of `type` in a document, at any depth. */
export function nodesOf(doc: unknown, type: string): Node[] {
  if (Array.isArray(doc)) return doc.flatMap((d) => nodesOf(d, type));
  if (!doc || typeof doc !== 'object') return [];
  const node = doc as Node;
  return [...(node['@type'] === type ? [node] : []), ...Object.values(node).flatMap((v) => nodesOf(v, type))];
}
