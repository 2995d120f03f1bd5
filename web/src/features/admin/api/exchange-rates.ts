import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetRateBody } from '#shared/exchange-rate-schemas';
import { apiCall } from '@/lib/api-client';
import { EXCHANGE_RATE_QUERY_KEY } from '@/lib/api/get-exchange-rate';
import { ADMIN_KEY, invalidateAfterAdminChange } from './admin-keys';

/** adminListExchangeRates: the BCV rate's newest dates first (decision 033). */
export const getAdminExchangeRates = (signal?: AbortSignal) => apiCall('adminListExchangeRates', { signal });

export const getAdminExchangeRatesQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'exchange-rates'],
    queryFn: ({ signal }) => getAdminExchangeRates(signal),
    staleTime: 0,
  });

export const useAdminExchangeRates = () => useQuery(getAdminExchangeRatesQueryOptions());

/** adminSetExchangeRate: enters or corrects the rate of a date (audited). */
export const setExchangeRate = (body: SetRateBody) => apiCall('adminSetExchangeRate', { body });

export function useSetExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setExchangeRate,
    onSettled: () =>
      Promise.all([
        invalidateAfterAdminChange(queryClient),
        // The product page's rate is a public read: the app's copy follows at once.
        queryClient.invalidateQueries({ queryKey: EXCHANGE_RATE_QUERY_KEY }),
      ]),
  });
}
