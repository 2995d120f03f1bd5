import type { Product, University, UniversityRequest } from '../../shared/schemas';

/** A page of items read from a DynamoDB Query; `cursor` is opaque and validated on the way in. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface ProductListingScope {
  university?: string;
  category?: string;
}

export interface ProductRepository {
  /** Allocates the next numeric product id atomically. */
  nextId(): Promise<number>;
  /** Raises the id counter to at least `id` (import keeps ids; new ids continue above them). */
  raiseIdFloor(id: number): Promise<void>;
  get(id: number): Promise<Product | null>;
  /** Writes a new product; false if the id already exists (nothing is changed then). */
  putIfAbsent(product: Product): Promise<boolean>;
  /** Active products of a scope, newest or oldest first, from the listing indexes (a Query). */
  listActive(scope: ProductListingScope, order: 'newest' | 'oldest', limit: number, cursor?: string): Promise<Page<Product>>;
}

export interface UniversityRepository {
  list(): Promise<University[]>;
  get(id: string): Promise<University | null>;
  /** Creates the university unless it exists; returns false when it existed. */
  putIfAbsent(university: University): Promise<boolean>;
}

export interface UniversityRequestRepository {
  create(request: UniversityRequest): Promise<void>;
}
