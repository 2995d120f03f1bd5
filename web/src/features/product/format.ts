import { caracasDayLabel } from '@/lib/spanish-dates';

/**
 * The spec shows dates in es-ES format ('29 de julio de 2025'), in Caracas time as everywhere in the
 * app (the admin's dates, expiry, the BCV rate): the same day for every member of the community,
 * whatever zone their device is set to. An unreadable date shows nothing.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : caracasDayLabel(date);
}

/** A meta description: the product's own text cut at a word near 155 characters. */
export function metaDescription(title: string, description: string | null, priceText: string): string {
  const text = (description ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return `${title} por ${priceText} en Mercado Universitario.`;
  if (text.length <= 155) return text;
  const cut = text.slice(0, 155);
  const space = cut.lastIndexOf(' ');
  return `${space > 100 ? cut.slice(0, space) : cut}…`;
}
