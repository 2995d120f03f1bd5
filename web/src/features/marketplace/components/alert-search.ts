import { LIMITS } from '#shared/limits';
import type { CreateAlertBody } from '@/lib/api/create-alert';
import type { Filters } from '../hooks/use-filters';

/** The saved search of what is on screen: the text and the filters (the sort is no filter). */
export function alertSearchOf(university: string, term: string, f: Filters): CreateAlertBody {
  return {
    university,
    ...(term ? { q: term } : {}),
    ...(f.category !== 'all' ? { category: f.category } : {}),
    ...(f.career !== 'all' ? { career: f.career } : {}),
    ...(f.condition !== 'all' ? { condition: f.condition } : {}),
    ...(f.minPrice > 0 ? { minPrice: f.minPrice } : {}),
    // The slider's top means "and above": no cap.
    ...(f.maxPrice < LIMITS.marketplacePriceMax ? { maxPrice: f.maxPrice } : {}),
  };
}
