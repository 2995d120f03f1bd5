import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** getExchangeRate: the BCV's newest official rate (decision 033); the product page and the admin's panel. */
export const getExchangeRate = (signal?: AbortSignal) => apiCall('getExchangeRate', { signal });

export const EXCHANGE_RATE_QUERY_KEY = ['exchange-rate'] as const;

/** A minute fresh: the API's answer is cached 30 s, and a rate changes once a day. */
export const getExchangeRateQueryOptions = () =>
  queryOptions({
    queryKey: EXCHANGE_RATE_QUERY_KEY,
    queryFn: ({ signal }) => getExchangeRate(signal),
    staleTime: 60_000,
  });

export const useExchangeRate = () => useQuery(getExchangeRateQueryOptions());
