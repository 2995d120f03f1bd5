export type FieldErrors = Partial<Record<string, string>>;
